-- navd.spawn: a private daemon for one spec, as neovim's functional tests start their own nvim.
-- The program is $NAVD_HOST (scripts/test-lua-client sets the built navd), run as
-- `HOST serve --socket DIR/control.sock --session …`.

local navd = require("navd.client")

local function alive(pid)
  return os.execute("kill -0 " .. pid .. " 2>/dev/null") == true
end

describe("navd.spawn", function()
  local app

  before_each(function()
    app = navd.spawn({ features = { "counter", "navigation" } })
  end)

  after_each(function()
    app:close()
  end)

  it("starts its own daemon with a session per feature, the first attached", function()
    assert.equal("counter", app.session)
    local names = {}
    for _, session in ipairs(app:call("session.list")) do names[#names + 1] = session.name end
    assert.same({ "counter", "navigation" }, names)
    app:send("incrementButtonTapped")
    assert.same({ count = 1 }, app:await(function(s) return s.count == 1 end))
  end)

  it("serves other clients on its socket", function()
    local other <close> = navd.connect(app.daemon.socket, { session = "navigation" })
    other:tap("Go to A → B → C")
    assert.equal(3, #other.state.path)
    assert.equal("counter", app.session)
  end)

  it("stops the daemon and removes its directory when the handle closes", function()
    local pid, directory = app.daemon.pid, app.daemon.directory
    assert.is_true(alive(pid))
    app:close()
    assert.is_false(alive(pid))
    assert.is_nil(io.open(directory .. "/navd.log", "r"))
  end)
end)

describe("navd.spawn, with room for few clients", function()
  it("makes room for a launch by closing the handles a spec dropped", function()
    local daemon <close> = navd.spawn({ features = { "counter" }, args = { "--max-clients", "6" } })
    for _ = 1, 20 do
      -- Two connections a launch (its own and its state's), never closed by the spec.
      local app = navd.launch("counter", { socket = daemon.daemon.socket })
      app:send("incrementButtonTapped")
      assert.equal(1, app.state.count)
    end
  end)
end)

describe("navd.spawn, when its daemon stops answering", function()
  it("still closes a handle (a hang here ends in scripts/test-lua-client's timeout)", function()
    local daemon <close> = navd.spawn({ features = { "counter" } })
    local app = navd.launch("counter", { socket = daemon.daemon.socket })
    os.execute("kill -STOP " .. daemon.daemon.pid)
    app:close()
    os.execute("kill -CONT " .. daemon.daemon.pid)
    assert.is_true(app.closed)
    assert.is_nil(app.connection.sock, "its connection is closed")
  end)
end)

describe("navd.spawn, given a bad option", function()
  it("fails with what the daemon said", function()
    local ok, message = pcall(navd.spawn, { args = { "--no-such-option" } })
    assert.is_false(ok)
    assert.truthy(message:find("did not start listening", 1, true), message)
    assert.truthy(message:find("unknown option '--no-such-option'", 1, true), message)
  end)
end)
