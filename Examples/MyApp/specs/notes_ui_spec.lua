-- The notes through their views (NotesView and the screens it shows), by the labels a person
-- reads: the plus, the editor's field and buttons, a note's row, its focus timer, the alert.

local function frontmost(app) return app:screen().frontmost end

describe("Notes, on screen #ui", function()
  it("writes a note in the sheet, opens it and times a focus session", function()
    local app = navd.launch("notes")
    app:see("No notes yet")
    app:tap("plus")
    assert.equal("sheet", frontmost(app).kind)
    app:type("Title", "Groceries")
    app:tap("Save")
    assert.equal("Notes", frontmost(app).title)
    app:tap("Groceries")
    assert.equal("Groceries", frontmost(app).title)
    app:tap("Focus")
    app:advance(2)
    app:see("2 s focused")
    app:back()
    assert.same({}, app.state.path)
  end)

  it("keeps Save disabled until the note has a title", function()
    local app = navd.launch("notes")
    app:tap("plus")
    local ok, message = pcall(app.tap, app, "Save")
    assert.is_false(ok)
    assert.truthy(message:find('button "Save" (disabled) is disabled', 1, true), message)
    app:tap("Cancel")
    assert.is_nil(app.state.destination)
  end)

  it("deletes a note through the alert", function()
    local app = navd.launch("notes", {
      state = { notes = { { id = "00000000-0000-0000-0000-000000000000", title = "Old", body = "" } } },
    })
    app:tap("trash")
    app:see("Delete this note?")
    app:tap({ label = "Delete", role = "destructive" })
    assert.same({}, app.state.notes)
    app:see("No notes yet")
  end)
end)
