-- The macro-era contacts (seeds 003 and 001) through their views in the seeds' own syntax:
-- `@Bindable var store`, `.sheet(item: $store.scope(…))`, `.alert($store.scope(…))`, and the
-- add form's `$store.contact.name.sending(\.setName)`.

local function frontmost(app) return app:screen().frontmost end

for _, feature in ipairs({ "modern-contacts", "modern-contacts-two-presents" }) do
  describe(feature .. ", on screen #ui", function()
    it("adds Blob through the sheet's Name field, then deletes it through the alert", function()
      local app = navd.launch(feature)
      app:tap("plus")
      assert.equal("sheet", frontmost(app).kind)
      app:type("Name", "Blob")
      app:see("Blob")
      app:tap("Save")
      assert.equal("Contacts", frontmost(app).title)
      app:see("Blob")
      assert.equal("Blob", app.state.contacts[1].name)

      app:tap("trash")
      assert.equal("alert", frontmost(app).kind)
      app:see("Are you sure?")
      app:tap("Delete")
      assert.equal("Contacts", frontmost(app).title)
      assert.equal(0, #app.state.contacts)
    end)

    it("cancels the sheet without adding anyone", function()
      local app = navd.launch(feature)
      app:tap("plus")
      app:type("Name", "Nobody")
      app:tap("Cancel")
      assert.equal("Contacts", frontmost(app).title)
      assert.equal(0, #app.state.contacts)
    end)

    it("closes the sheet by going back, which sends the binding's dismissal", function()
      local app = navd.launch(feature)
      app:tap("plus")
      app:back()
      assert.equal("Contacts", frontmost(app).title)
      app:tap("plus")
      assert.equal("sheet", frontmost(app).kind, "the sheet opens again after its dismissal")
    end)

    it("keeps a contact when the alert is dismissed", function()
      local app = navd.launch(feature)
      app:tap("plus")
      app:type("Name", "Blob")
      app:tap("Save")
      app:tap("trash")
      app:back()
      app:see("Blob")
      assert.equal(1, #app.state.contacts)
    end)
  end)
end
