-- ContactsFeature (seed 002, "Multiple presentation destinations"): one optional Destination for
-- the add-contact sheet and the delete confirmation alert; the sheet tells its parent about the
-- saved contact through a delegate action and dismisses itself.

-- The seed makes a new contact's id with UUID(), not the uuid dependency, so the ids are read
-- from the state the reducer made.
local ID1 = "00000000-0000-0000-0000-000000000001"

local function add(app, name)
  app:send("addButtonTapped")
  app:send("destination.presented.addContact.setName", name)
  app:send("destination.presented.addContact.saveButtonTapped")
  local s = app:await(function(s) return s.destination == nil end)
  return s.contacts[#s.contacts].id
end

-- Opens the sheet on test store `t` without asserting, and returns the new contact's id.
local function open_sheet(t)
  t.exhaustive = false
  t:send("addButtonTapped")
  t.exhaustive = true
  return t.state.destination.addContact.contact.id
end

local function is_uuid(text)
  return type(text) == "string" and text:match("^%x+%-%x+%-%x+%-%x+%-%x+$") ~= nil
end

describe("Contacts", function()
  describe("add-contact sheet", function()
    it("opens a sheet with a new, unnamed contact", function()
      local app = navd.launch("contacts")
      app:send("addButtonTapped")
      local id = app.state.destination.addContact.contact.id
      assert.is_true(is_uuid(id))
      assert.same({ contacts = {}, destination = { addContact = { contact = { id = id, name = "" } } } }, app.state)
    end)

    it("saves: the sheet is dismissed and the contact listed", function()
      local app = navd.launch("contacts")
      app:send("addButtonTapped")
      app:send("destination.presented.addContact.setName", "Blob")
      assert.equal("Blob", app.state.destination.addContact.contact.name)
      app:send("destination.presented.addContact.saveButtonTapped")
      local s = app:await(function(s) return #s.contacts == 1 and s.destination == nil end, 1.0)
      assert.same({ { id = s.contacts[1].id, name = "Blob" } }, s.contacts)
      assert.is_nil(s.destination)
    end)

    it("cancels: the sheet is dismissed and nothing is added", function()
      local app = navd.launch("contacts")
      app:send("addButtonTapped")
      app:send("destination.presented.addContact.setName", "Blob Jr.")
      app:send("destination.presented.addContact.cancelButtonTapped")
      local s = app:await(function(s) return s.destination == nil end)
      assert.same({ contacts = {} }, s)
    end)

    it("lists contacts in the order they were added, with successive ids", function()
      local app = navd.launch("contacts")
      local first = add(app, "Blob")
      local second = add(app, "Blob Jr.")
      assert.are_not.equal(first, second)
      assert.same({ { id = first, name = "Blob" }, { id = second, name = "Blob Jr." } }, app.state.contacts)
    end)

    it("saving sends the delegate action, then dismisses (test store)", function()
      local t = navd.test_store("contacts")
      local ID0 = open_sheet(t)
      t:send("destination.presented.addContact.setName", "Blob", function(s)
        s.destination.addContact.contact.name = "Blob"
      end)
      t.exhaustive = false
      t:send("destination.presented.addContact.saveButtonTapped")
      t:receive("destination.presented.addContact.delegate.saveContact", { id = ID0, name = "Blob" })
      t:receive("destination.dismiss")
      assert.same({ contacts = { { id = ID0, name = "Blob" } } }, t.state)
      t:finish()
    end)

    it("saving is asserted exhaustively, down to the dismissal", function()
      local t = navd.test_store("contacts")
      local ID0 = open_sheet(t)
      t:send("destination.presented.addContact.setName", "Blob", function(s)
        s.destination.addContact.contact.name = "Blob"
      end)
      t:send("destination.presented.addContact.saveButtonTapped")
      t:receive("destination.presented.addContact.delegate.saveContact", { id = ID0, name = "Blob" },
        function(s) s.contacts = { { id = ID0, name = "Blob" } } end)
      t:receive("destination.dismiss", function(s) s.destination = nil end)
      t:finish()
    end)

    it("launches with a list of contacts and no destination", function()
      local app = navd.launch("contacts", { state = { contacts = { { id = ID1, name = "Blob" } } } })
      assert.equal("Blob", app.state.contacts[1].name)
    end)
  end)

  describe("delete alert", function()
    it("asks for confirmation before deleting", function()
      local app = navd.launch("contacts")
      local ID0 = add(app, "Blob")
      app:send("deleteButtonTapped", { id = ID0 })
      local alert = app.state.destination.alert
      assert.equal("Are you sure?", alert.title)
      assert.same({ { action = { confirmDeletion = { id = ID0 } }, label = "Delete", role = "destructive" } },
        alert.buttons)
      assert.equal(1, #app.state.contacts)  -- not deleted yet
    end)

    it("confirming removes the contact and dismisses the alert", function()
      local app = navd.launch("contacts")
      local ID0 = add(app, "Blob")
      local second = add(app, "Blob Jr.")
      app:send("deleteButtonTapped", { id = ID0 })
      app:send("destination.presented.alert.confirmDeletion", { id = ID0 })
      local s = app.state
      assert.is_nil(s.destination)  -- the alert is dismissed after its button
      assert.same({ { id = second, name = "Blob Jr." } }, s.contacts)
    end)

    it("dismissing the alert (its cancel button) keeps the contact", function()
      local app = navd.launch("contacts")
      local ID0 = add(app, "Blob")
      app:send("deleteButtonTapped", { id = ID0 })
      app:send("destination.dismiss")
      assert.same({ contacts = { { id = ID0, name = "Blob" } } }, app.state)
    end)

    it("the alert's button sends confirmDeletion, and the alert goes away (test store)", function()
      local t = navd.test_store("contacts")
      t.exhaustive = false
      t:send("addButtonTapped")
      t:send("destination.presented.addContact.setName", "Blob")
      t:send("destination.presented.addContact.saveButtonTapped")
      t:skip_received_actions()
      local ID0 = t.state.contacts[1].id
      assert.same({ contacts = { { id = ID0, name = "Blob" } } }, t.state)
      t:send("deleteButtonTapped", { id = ID0 })
      assert.equal("Are you sure?", t.state.destination.alert.title)
      t:send("destination.presented.alert.confirmDeletion(id: '" .. ID0 .. "')")
      assert.same({ contacts = {} }, t.state)
      t:finish()
    end)
  end)

  describe("errors a script author sees #errors", function()
    it("names the payload's place and type", function()
      local app = navd.launch("contacts")
      app:send("addButtonTapped")
      local ok, err = pcall(function() app:send("destination.presented.addContact.setName", 5) end)
      assert.is_false(ok)
      assert.truthy(err:find("invalid action for ContactsFeature.Action", 1, true))
      assert.truthy(err:find("at destination.presented.addContact.setName: expected String, got number 5", 1, true))
      ok, err = pcall(function() app:send("deleteButtonTapped", { id = "not-a-uuid" }) end)
      assert.is_false(ok)
      assert.truthy(err:find("deleteButtonTapped.id", 1, true))
      assert.same("", app.state.destination.addContact.contact.name)
    end)
  end)
end)
