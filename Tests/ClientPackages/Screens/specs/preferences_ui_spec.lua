-- The team's preferences through their own view (TCA 1.0-1.3: WithViewStore, viewStore.binding,
-- .sheet(store:)).

local function frontmost(app) return app:screen().frontmost end

describe("Preferences, on screen #ui", function()
  it("renames through the field bound with binding(get:send:)", function()
    local app = navd.launch("preferences")
    app:see("Hello, Blob!")
    app:type("Name", "Blob Jr.")
    assert.equal("Blob Jr.", app.state.name)
    app:see("Hello, Blob Jr.!")
  end)

  it("picks a theme tab and switches notifications off", function()
    local app = navd.launch("preferences")
    app:tap("dark")
    assert.equal("dark", app.state.theme)
    app:tap("Notifications")
    assert.is_false(app.state.notifications)
  end)

  it("opens About in a sheet, closed by Done or by going back", function()
    local app = navd.launch("preferences")
    app:tap("About")
    assert.equal("sheet", frontmost(app).kind)
    app:see("Version 1.0")
    app:tap("Done")
    app:await(function(state) return state.about == nil end)
    app:tap("About")
    app:back()
    assert.is_nil(app.state.about)
    assert.equal("Preferences", frontmost(app).title)
  end)
end)
