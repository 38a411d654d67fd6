-- navd.client against a live navd: scripts/test-lua-client starts one on a temporary socket
-- (NAVD_SOCKET), with the session "c" running the counter, and runs this under Debian's busted:
--
--   lua5.4 /usr/bin/busted Tests/LuaClient

local navd = require("navd.client")

-- Calls f, which must fail, and returns its error message.
local function failure(f, ...)
  local ok, message = pcall(f, ...)
  assert.is_false(ok, "expected an error")
  return message
end

local function sessions(app)
  local names = {}
  for _, session in ipairs(app:call("session.list")) do names[session.name] = session.feature end
  return names
end

describe("navd.client", function()
  describe("connect", function()
    it("drives an existing session: send, state, version", function()
      local app = navd.connect(nil, { session = "c" })
      assert.equal("c", app.session)
      assert.equal("counter", app.feature)
      local before = app.state.count
      local version = app:send("incrementButtonTapped")
      assert.equal(before + 1, app.state.count)
      assert.equal(version, app.version)
      app:send({ decrementButtonTapped = {} })
      assert.equal(before, app:get("count"))
      app:close()
    end)

    it("sees what another client sends to the same session", function()
      local one = navd.connect({ session = "c" })
      local two = navd.connect({ session = "c" })
      local start = one.state.count
      two:send("incrementButtonTapped")
      two:send("incrementButtonTapped")
      -- Both sends are in before await is called: the state between them is checked too.
      assert.equal(start + 1, one:await(function(s) return s.count == start + 1 end).count)
      assert.equal(start + 2, one:await(function(s) return s.count == start + 2 end).count)
      two:send("decrementButtonTapped")
      two:send("decrementButtonTapped")
      one:close()
      two:close()
    end)

    it("says which session is missing, and what there is", function()
      local message = failure(navd.connect, nil, { session = "nowhere" })
      assert.truthy(message:find('no session named "nowhere"', 1, true), message)
    end)

    it("says where it looked when nothing listens, at the spec's line", function()
      local message = failure(function()
        local app = navd.connect("/nonexistent/navd.sock")
        return app
      end)
      assert.truthy(message:find("cannot connect to /nonexistent/navd.sock", 1, true), message)
      assert.truthy(message:find("client_spec.lua:%d+: "), message)
    end)
  end)

  describe("launch", function()
    it("opens a fresh session of the feature and closes it with the handle", function()
      local app = navd.launch("counter")
      assert.same({ count = 0 }, app.state)
      assert.equal("counter", app.feature)
      assert.equal("live", app.clock)
      local name = app.session
      assert.equal("counter", sessions(app)[name])
      app:close()
      local other = navd.connect({ session = "c" })
      assert.is_nil(sessions(other)[name])
      other:close()
    end)

    it("starts from the state given", function()
      local app <close> = navd.launch("counter", { state = { count = 41 } })
      app:send("incrementButtonTapped")
      assert.equal(42, app.state.count)
    end)

    it("names the failing segment of a wrong action, and changes nothing", function()
      local app <close> = navd.launch("counter")
      local message = failure(app.send, app, "fly")
      assert.truthy(message:find('no case "fly" in Counter.Action', 1, true), message)
      assert.same({ count = 0 }, app.state)
    end)

    it("collects the session's runtime warnings", function()
      local app <close> = navd.launch("multiple-destinations")
      app:send("showSheet")
      app:send("showDrillDown")
      app:send("destination.presented.sheet.incrementButtonTapped")
      assert.same({ drillDown = { count = 0 } }, app.state.destination)
      local warnings = app:warnings()
      assert.equal(1, #warnings)
      assert.truthy(warnings[1]:find("different case", 1, true), warnings[1])
      assert.same({}, app:warnings())
    end)
  end)

  describe("await", function()
    it("waits for an effect's change, on the real clock", function()
      local app <close> = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-1).screenC.startButtonTapped")
      local state = app:await(function(s) return s.path[3].screenC.count >= 1 end, 5)
      assert.truthy(state.path[3].screenC.count >= 1)
      app:send("popToRoot")
    end)

    it("checks every state after the one it last saw, not just the last", function()
      -- Save sends the delegate's saveContact (the contact is added, the sheet still up) and then
      -- dismisses: the first state lasts microseconds, and a sampling await would miss it. Another
      -- client saves; this handle last saw the state before, so await starts there.
      local app <close> = navd.launch("contacts")
      app:send("addButtonTapped")
      app:send("destination.presented.addContact.setName", "Blob")
      local other <close> = navd.connect({ session = app.session })
      other:send("destination.presented.addContact.saveButtonTapped")
      assert.is_nil(other.state.destination)
      local state = app:await(function(s) return #s.contacts == 1 and s.destination ~= nil end)
      assert.equal("Blob", state.contacts[1].name)
      assert.is_nil(app:await(function(s) return s.destination == nil end).destination)
    end)

    it("returns a copy that changing changes nothing", function()
      local app <close> = navd.launch("counter")
      app:send("incrementButtonTapped")
      local state = app:await(function(s) return s.count == 1 end)
      state.count = 99
      assert.equal(1, app:await(function(s) return s.count == 1 end).count)
    end)

    it("fails after its timeout with the last state", function()
      local app <close> = navd.launch("counter")
      app:send("incrementButtonTapped")
      local message = failure(app.await, app, function(s) return s.count > 5 end, 0.2)
      assert.truthy(message:find("did not hold within 0.2 s", 1, true), message)
      assert.truthy(message:find('{"count":1}', 1, true), message)
    end)

    it("takes a Lua expression over s, which the daemon evaluates", function()
      local app <close> = navd.launch("counter")
      app:send("incrementButtonTapped")
      local state, version = app:await("s.count == 1")
      assert.same({ count = 1 }, state)
      assert.equal(app.version, version)
      local message = failure(app.await, app, "s.count == 7", 0.2)
      assert.truthy(message:find("did not hold", 1, true), message)
    end)
  end)

  describe("screens", function()
    it("taps, types, sees and goes back, as in process", function()
      local app <close> = navd.launch("contacts")
      assert.equal("Contacts", app:screen().frontmost.title)
      app:tap("plus")
      assert.equal("sheet", app:screen().frontmost.kind)
      app:type("Name", "Blob")
      app:see("Blob")
      app:tap("Save")
      -- The send settled: the delegate's save and the dismissal are in.
      assert.equal("Contacts", app:screen().frontmost.title)
      app:see("Blob")
      app:tap("trash")
      assert.equal("alert", app:screen().frontmost.kind)
      app:back()
      app:see("Blob")
      app:tap("trash")
      app:tap({ label = "Delete", role = "destructive" })
      assert.same({}, app.state.contacts)
    end)

    it("fails with what the screen offers instead", function()
      local app <close> = navd.launch("contacts")
      local message = failure(app.tap, app, "Settings")
      assert.truthy(message:find('tap: no control labelled "Settings" on root Contacts', 1, true), message)
      message = failure(app.see, app, "Blob")
      assert.truthy(message:find('see: "Blob" is not on root Contacts', 1, true), message)
      message = failure(app.tap, app, { label = "plus", colour = "red" })
      assert.truthy(message:find("unknown field 'colour'", 1, true), message)
    end)
  end)

  describe("events", function()
    it("delivers a subscription's actions and state patches, which rebuild the state", function()
      local app <close> = navd.launch("contacts")
      local mirror = app.state
      local subscription, version = app:subscribe({ "action", "state" })
      assert.is_number(subscription)
      app:send("addButtonTapped")
      app:send("destination.presented.addContact.setName", "Blob")
      app:send("destination.presented.addContact.saveButtonTapped")
      local actions, last = {}, version
      for _, event in ipairs(app:events(1)) do
        if event.event == "action" then
          actions[#actions + 1] = event.action
        elseif event.event == "state" then
          assert.equal(last + 1, event.version)
          last = event.version
          mirror = navd.apply_patch(mirror, event.patch)
        end
      end
      assert.same("addButtonTapped", actions[1])
      assert.same({ destination = { presented = { addContact = { setName = "Blob" } } } }, actions[2])
      assert.same(app.state, mirror)
      app:unsubscribe(subscription)
      app:send("addButtonTapped")
      assert.is_nil(app:next_event(0.2))
    end)
  end)

  describe("history and jump", function()
    it("lists what was sent, and restores an earlier version", function()
      local app <close> = navd.launch("counter")
      app:send("incrementButtonTapped")
      local one = app:send("incrementButtonTapped")
      app:send("incrementButtonTapped")
      local history = app:history({ limit = 10 })
      assert.equal(3, #history.entries)
      assert.equal("incrementButtonTapped", history.entries[1].action)
      assert.equal("send", history.entries[1].origin)
      local version = app:jump(one)
      assert.equal(2, app.state.count)
      assert.equal(app.version, version)
    end)
  end)
end)

describe("navd.apply_patch", function()
  local function array(list) return navd.array(list) end

  it("adds, replaces and removes in objects and 0-based arrays", function()
    local doc = { a = 1, list = array({ "x", "y" }) }
    doc = navd.apply_patch(doc, {
      { op = "replace", path = "/a", value = 2 },
      { op = "add", path = "/list/1", value = "inserted" },
      { op = "add", path = "/list/-", value = "last" },
      { op = "remove", path = "/list/0" },
      { op = "add", path = "/b~1c", value = true },
    })
    assert.same({ a = 2, list = { "inserted", "y", "last" }, ["b/c"] = true }, doc)
  end)

  it("moves and copies, and replaces the whole document", function()
    local doc = { from = { n = 1 }, list = array({}) }
    doc = navd.apply_patch(doc, {
      { op = "copy", from = "/from", path = "/list/0" },
      { op = "move", from = "/from", path = "/to" },
    })
    assert.same({ to = { n = 1 }, list = { { n = 1 } } }, doc)
    assert.same({ whole = true }, navd.apply_patch(doc, { { op = "replace", path = "", value = { whole = true } } }))
  end)

  it("refuses a path through nothing", function()
    assert.has_error(function() navd.apply_patch({}, { { op = "add", path = "/a/b", value = 1 } }) end)
  end)
end)
