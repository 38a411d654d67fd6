-- NotesFeature through myapp-nav: a sheet, a stack, an alert and a timer on the virtual clock,
-- with no Codable anywhere in the feature's types.

local first = "00000000-0000-0000-0000-000000000000"

describe("Notes", function()
  it("starts empty", function()
    local app = navd.launch("notes")
    assert.same({}, app.state.notes)
    assert.is_nil(app.state.destination)
  end)

  it("adds a note through the editor sheet", function()
    local app = navd.launch("notes")
    app:send("addButtonTapped")
    assert.equal("", app.state.destination.editor.note.title)
    app:send("destination.presented.editor.setTitle", "Groceries")
    app:send("destination.presented.editor.saveButtonTapped")
    app:await(function(s) return s.destination == nil end)
    assert.equal("Groceries", app.state.notes[1].title)
    assert.equal(first, app.state.notes[1].id)
  end)

  it("pushes a note and times a focus session until it is popped", function()
    local app = navd.launch("notes", {
      state = { notes = { { id = first, title = "Read", body = "" } } },
    })
    app:send("noteTapped", { id = first })
    assert.equal("Read", app.state.path[1].detail.note.title)
    app:send("path.element(-1).detail.focusButtonTapped")
    app:advance(3)
    assert.equal(3, app.state.path[1].detail.focusedSeconds)
    -- Popping the screen cancels its timer: nothing is left running at the end.
    app:send("path.popFrom", { id = app.state.path[1].id })
    assert.same({}, app.state.path)
  end)

  it("deletes a note after the alert confirms it", function()
    local app = navd.launch("notes", {
      state = { notes = { { id = first, title = "Old", body = "" } } },
    })
    app:send("deleteButtonTapped", { id = first })
    assert.is_not_nil(app.state.destination.alert)
    app:send("destination.presented.alert.confirmDeletion", { id = first })
    assert.same({}, app.state.notes)
  end)

  it("is exhaustive in a test store", function()
    local t = navd.test_store("notes")
    t:send("addButtonTapped", function(s)
      s.destination = { editor = { note = { id = first, title = "", body = "" } } }
    end)
    t:send('destination.presented.editor.setTitle("Plan")', function(s)
      s.destination.editor.note.title = "Plan"
    end)
    t:send("destination.presented.editor.saveButtonTapped")
    t:receive({ destination = { presented = { editor = { delegate = {
      save = { id = first, title = "Plan", body = "" } } } } } }, function(s)
      s.notes = { { id = first, title = "Plan", body = "" } }
    end)
    t:receive("destination.dismiss", function(s) s.destination = nil end)
    t:send("noteTapped", { id = first }, function(s)
      s.path = { { id = 0, detail = { note = { id = first, title = "Plan", body = "" },
        focusedSeconds = 0, isFocusing = false } } }
    end)
    t:send("path.element(0).detail.focusButtonTapped", function(s)
      s.path[1].detail.isFocusing = true
    end)
    t:advance(1)
    t:receive("path.element(0).detail.tick", function(s) s.path[1].detail.focusedSeconds = 1 end)
    t:send("path.element(0).detail.stopButtonTapped", function(s)
      s.path[1].detail.isFocusing = false
    end)
    t:finish()
  end)
end)
