-- The Library app through its screens, as a reader uses it: the tabs, the shelf's rows, the
-- detail's sheet, a reading session whose timer runs while its screen is shown, and the goals
-- tab's rows and stepper.

local piranesi = {
  isbn = "9781635575637", title = "Piranesi", author = "Susanna Clarke", pageCount = 272,
  status = "wantToRead", minutesRead = 0, notes = "",
}
local middlemarch = {
  isbn = "9780141439549", title = "Middlemarch", author = "George Eliot", pageCount = 880,
  status = "reading", minutesRead = 95, notes = "Chapter 20 next.",
}

local function launch_library(books)
  return navd.launch("library", { state = { list = { books = books } } })
end

describe("The library tab", function()
  it("opens a book from the shelf and goes back", function()
    local app = launch_library({ piranesi, middlemarch })
    app:see("Nothing on the shelf yet" == nil and "" or "Piranesi")
    app:tap("Middlemarch")
    app:see("George Eliot")
    app:see("95 minutes read")
    app:back()
    app:see("Catalog")
  end)

  it("deletes a book with a swipe", function()
    local app = launch_library({ piranesi, middlemarch })
    app:delete("Piranesi")
    assert.equal(1, #app.state.list.books)
    assert.equal("Middlemarch", app.state.list.books[1].title)
  end)

  it("switches Edit to Done, the list's own state", function()
    local app = launch_library({ piranesi })
    app:tap("Edit")
    app:see("Done")
    local found = false
    for view, properties in pairs(app:view_state()) do
      if view:find("BookListView") and properties.editMode then found = true end
    end
    assert.is_true(found, "the edit mode is the list view's @State")
    app:tap("Done")
    app:see("Edit")
  end)

  it("edits a book in a sheet: the stepper, the focus and Done", function()
    local app = launch_library({ piranesi })
    app:tap("Piranesi")
    app:tap("Edit")
    app:see("Edit Book")
    app:increment("272 pages")
    assert.equal(273, app.state.path[1].detail.destination.edit.book.pageCount)
    app:decrement("273 pages")
    app:decrement("272 pages")
    assert.equal(271, app.state.path[1].detail.destination.edit.book.pageCount)
    app:type("Author", "S. Clarke")
    assert.equal("author", app.state.path[1].detail.destination.edit.focus)
    app:tap("Done")
    app:see("S. Clarke")
    assert.equal(271, app.state.list.books[1].pageCount)
  end)
end)

describe("A reading session", function()
  it("times the reading while its screen is shown, and stops when it is popped", function()
    local app = launch_library({ piranesi })
    app:tap("Piranesi")
    app:tap("Start Reading")
    app:see("Reading")
    -- The screen's .task started the timer: no button was needed.
    assert.is_true(app.state.path[2].session.isTimerRunning)
    app:advance(60)
    app:see("1 min")
    assert.equal(1, app.state.list.books[1].minutesRead)
    local running = app:running_tasks()
    assert.equal(1, #running)
    assert.truthy(running[1]:find("ReadingSessionView"))

    app:back()
    assert.same({}, app:running_tasks())
    app:advance(120)
    assert.equal(1, app.state.list.books[1].minutesRead, "leaving the screen stopped the timer")
  end)
end)

describe("The goals tab", function()
  it("shows a row per book when it appears, each row a store of its own", function()
    local app = launch_library({ piranesi, middlemarch })
    assert.equal(0, #app.state.goals.rows)
    app:select_tab("Goals")
    assert.equal(2, #app.state.goals.rows)
    app:see("Middlemarch")
    app:tap("Mark Piranesi Finished")
    assert.equal("finished", app.state.list.books[1].status)
  end)

  it("steps the daily goal by five minutes", function()
    local app = launch_library({ piranesi })
    app:select_tab("Goals")
    app:increment("20 minutes a day")
    app:see("25 minutes a day")
    app:select_tab("Library")
    app:see("Catalog")
  end)
end)
