-- What a scenario is told when the screen does not have what it asks for: every error names the
-- frontmost screen and lists what is there.

local function failure(f, ...)
  local ok, message = pcall(f, ...)
  assert.is_false(ok, "expected an error")
  return message
end

describe("Screen errors #ui", function()
  it("lists what is tappable when a label is absent", function()
    local app = navd.launch("navigation")
    local message = failure(app.tap, app, "Settings")
    assert.truthy(message:find('tap: no control labelled "Settings" on stack root Root', 1, true), message)
    assert.truthy(message:find('tappable here: link "Go to screen A", link "Go to screen B", '
      .. 'link "Go to screen C", button "Go to A → B → C"', 1, true), message)
  end)

  it("refuses a disabled control and lists the others", function()
    local app = navd.launch("navigation")
    app:tap("Go to A → B → C")
    local message = failure(app.tap, app, "#2) Screen C")
    assert.truthy(message:find('tap: button "#2) Screen C" (disabled) is disabled on #2 Screen C', 1, true), message)
    assert.truthy(message:find('button "Pop to root"', 1, true), message)
    assert.equal("#2 Screen C", app:screen().frontmost.name, "nothing happened")
  end)

  it("says what matched when a label is ambiguous, and what is missing for an index", function()
    local app = navd.launch("contacts")
    for _ = 1, 2 do
      app:tap("plus")
      app:type("Name", "Blob")
      app:tap("Save")
    end
    local message = failure(app.tap, app, "trash")
    assert.truthy(message:find('"trash" is ambiguous on root Contacts: it matches 1. button "trash", 2. button "trash"', 1, true), message)
    message = failure(app.tap, app, { label = "trash", index = 3 })
    assert.truthy(message:find("so there is no number 3", 1, true), message)
  end)

  it("lists the fields when a field is absent, and the texts when one is not shown", function()
    local app = navd.launch("contacts")
    app:tap("plus")
    local message = failure(app.type, app, "Email", "blob@example.com")
    assert.truthy(message:find('type: no text field labelled "Email" on sheet; fields here: text field "Name"', 1, true),
      message)
    message = failure(app.see, app, "Blob")
    assert.truthy(message:find('see: "Blob" is not on sheet, the frontmost screen; it shows:', 1, true), message)
  end)

  it("has nothing to go back from at the root", function()
    local app = navd.launch("app")
    local message = failure(app.back, app)
    assert.truthy(message:find("back: nothing to go back from: root Case Studies", 1, true), message)
  end)

  it("checks the tap's arguments", function()
    local app = navd.launch("counter")
    assert.truthy(failure(app.tap, app, 42):find("a label string or {label=…", 1, true))
    assert.truthy(failure(app.tap, app, { label = "plus", colour = "red" }):find("unknown field 'colour'", 1, true))
    assert.truthy(failure(app.tap, app, { label = "plus", index = 0 }):find("index must be a whole number from 1", 1, true))
  end)
end)
