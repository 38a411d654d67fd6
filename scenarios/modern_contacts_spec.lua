-- The macro-era seeds' contacts (issue 17): seed 003's ContactsFeature, one `@Reducer enum
-- Destination` for the add-contact sheet and the delete alert ("modern-contacts"), and seed 001's,
-- two `@Presents` optionals ("modern-contacts-two-presents"). Neither has Codable in its types:
-- their state and actions cross into Lua through reflection. The seeds make a contact's id with
-- UUID(), so ids are read from the state.

-- Where each feature presents its sheet and its alert, as action-path prefixes and state fields.
local shapes = {
  ["modern-contacts"] = {
    sheet = "destination.presented.addContact", alert = "destination.presented.alert",
    dismiss_sheet = "destination.dismiss",
    sheet_of = function(s) return s.destination and s.destination.addContact end,
    alert_of = function(s) return s.destination and s.destination.alert end,
  },
  ["modern-contacts-two-presents"] = {
    sheet = "addContact.presented", alert = "alert.presented",
    dismiss_sheet = "addContact.dismiss",
    sheet_of = function(s) return s.addContact end,
    alert_of = function(s) return s.alert end,
  },
}

for name, shape in pairs(shapes) do
  describe(name, function()
    local function add(app, contact)
      app:send("addButtonTapped")
      app:send(shape.sheet .. ".setName", contact)
      app:send(shape.sheet .. ".saveButtonTapped")
      local s = app:await(function(s) return shape.sheet_of(s) == nil end)
      return s.contacts[#s.contacts].id
    end

    it("adds, saves through the delegate, and the sheet is dismissed", function()
      local app = navd.launch(name)
      app:send("addButtonTapped")
      local sheet = shape.sheet_of(app.state)
      assert.equal("", sheet.contact.name)
      assert.equal(36, #sheet.contact.id)
      local id = add(app, "Blob")
      assert.same({ { id = id, name = "Blob" } }, app.state.contacts)
      assert.is_nil(shape.sheet_of(app.state))
    end)

    it("cancels: the sheet is dismissed and nothing is added", function()
      local app = navd.launch(name)
      app:send("addButtonTapped")
      app:send(shape.sheet .. ".setName", "Blob Jr.")
      app:send(shape.sheet .. ".cancelButtonTapped")
      local s = app:await(function(s) return shape.sheet_of(s) == nil end)
      assert.same({}, s.contacts)
    end)

    it("deletes after the alert confirms it", function()
      local app = navd.launch(name)
      local first = add(app, "Blob")
      local second = add(app, "Blob Jr.")
      app:send("deleteButtonTapped", { id = first })
      local alert = shape.alert_of(app.state)
      assert.equal("Are you sure?", alert.title)
      assert.same({ { action = { confirmDeletion = { id = first } }, label = "Delete", role = "destructive" } },
        alert.buttons)
      app:send(shape.alert .. ".confirmDeletion", { id = first })
      assert.is_nil(shape.alert_of(app.state))
      assert.same({ { id = second, name = "Blob Jr." } }, app.state.contacts)
    end)

    it("launches from a given list of contacts", function()
      local id = "00000000-0000-0000-0000-00000000000A"
      local app = navd.launch(name, { state = { contacts = { { id = id, name = "Blob" } } } })
      app:send("deleteButtonTapped", { id = id })
      app:send(shape.alert .. ".confirmDeletion", { id = id })
      assert.same({}, app.state.contacts)
    end)

    it("adds and saves, asserted exhaustively in a test store", function()
      local t = navd.test_store(name)
      t.exhaustive = false
      t:send("addButtonTapped")
      t.exhaustive = true
      local id = shape.sheet_of(t.state).contact.id
      t:send(shape.sheet .. '.setName("Blob")', function(s) shape.sheet_of(s).contact.name = "Blob" end)
      t:send(shape.sheet .. ".saveButtonTapped")
      t:receive(shape.sheet .. ".delegate.saveContact", { id = id, name = "Blob" }, function(s)
        s.contacts = { { id = id, name = "Blob" } }
      end)
      t:receive(shape.dismiss_sheet, function(s)
        if s.destination ~= nil then s.destination = nil else s.addContact = nil end
      end)
      t:finish()
    end)

    it("deletes through the alert, non-exhaustively in a test store", function()
      local id = "00000000-0000-0000-0000-00000000000B"
      local t = navd.test_store(name, { state = { contacts = { { id = id, name = "Blob" } } } })
      t.exhaustive = false
      t:send("deleteButtonTapped", { id = id })
      assert.equal("Are you sure?", shape.alert_of(t.state).title)
      t:send(shape.alert .. ".confirmDeletion", { id = id }, function(s) s.contacts = {} end)
      t:finish()
    end)
  end)
end
