-- The case-study app's root list, Counter and Multiple destinations through their screens, and
-- going back from each.

local function frontmost(app) return app:screen().frontmost end

describe("The app, on screen #ui", function()
  it("opens each case study from the list and goes back to it", function()
    local app = navd.launch("app")
    for _, entry in ipairs({
      { "Counter", "Counter" }, { "Multiple destinations", "Multiple destinations" },
      { "Navigation stack", "Root" }, { "Contacts", "Contacts" },
      { "Shared state", "Shared State Demo" },
    }) do
      app:tap(entry[1])
      assert.equal(entry[2], frontmost(app).title)
      app:back()
      assert.equal("Case Studies", frontmost(app).title)
    end
  end)

  it("counts with the counter's minus and plus", function()
    local app = navd.launch("counter")
    app:tap("plus")
    app:tap("plus")
    app:tap("minus")
    app:see("1")
    assert.equal(1, app.state.count)
  end)

  it("presents a counter in a sheet, a popover and a drill-down", function()
    local app = navd.launch("multiple-destinations")
    for _, way in ipairs({ { "Show sheet", "sheet" }, { "Show popover", "popover" },
      { "Show drill-down", "drill-down" } }) do
      app:tap(way[1])
      assert.equal(way[2], frontmost(app).kind)
      app:tap("plus")
      app:see("1")
      app:back()
      assert.equal("Multiple destinations", frontmost(app).title)
    end
  end)

  it("drives a case study opened from the root, screen by screen", function()
    local app = navd.launch("app")
    app:tap("Navigation stack")
    app:tap("Go to A → B → C")
    assert.same({ "root Case Studies", "drill-down Navigation Stack", "#2 Screen C" },
      app:screen().trail)
    app:tap("Pop to root")
    app:back()
    assert.equal("Case Studies", frontmost(app).title)
    assert.is_nil(app.state.destination)
  end)
end)
