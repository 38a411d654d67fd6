-- NavigationDemo (seed 000, "NavigationStack (feat. Path & destination)"): a StackState of
-- Screen A, B and C. Pushing several screens in one action, Screen A dismissing itself through
-- the dependency, Screen B's decoupled navigation intercepted by the root, Screen C's timer torn
-- down when the screen leaves the stack, popping to an id or to the root.

local function screenA(id, count) return { id = id, screenA = { count = count or 0, isLoading = false } } end
local function screenB(id) return { id = id, screenB = {} } end
local function screenC(id, count, running)
  return { id = id, screenC = { count = count or 0, isTimerRunning = running or false } }
end

-- The names on the stack, bottom first: "A", "B", "C".
local function names(state)
  local out = {}
  for _, element in ipairs(state.path) do
    out[#out + 1] = element.screenA and "A" or element.screenB and "B" or element.screenC and "C" or "?"
  end
  return table.concat(out)
end

local function ids(state)
  local out = {}
  for _, element in ipairs(state.path) do out[#out + 1] = element.id end
  return out
end

describe("Navigation", function()
  describe("the stack #stack", function()
    it("starts at the root, with an empty path", function()
      local app = navd.launch("navigation")
      assert.same({ path = {} }, app.state)
    end)

    it("pushes A, B and C in one action (goToABCButtonTapped)", function()
      local t = navd.test_store("navigation")
      t:send("goToABCButtonTapped", function(s)
        s.path = { screenA(0), screenB(1), screenC(2) }
      end)
      t:finish()
    end)

    it("numbers stack ids #0, #1, … in push order, never reusing one", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      assert.same({ 0, 1, 2 }, ids(app.state))
      app:send("popToRoot")
      app:send("goToABCButtonTapped")
      assert.equal("ABC", names(app.state))
      assert.same({ 3, 4, 5 }, ids(app.state))
    end)

    it("addresses elements by id, by #id, by negative position and by @position", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("goToABCButtonTapped")  -- A B C A B C, ids 0…5
      app:send("path.element(0).screenA.incrementButtonTapped")    -- id 0: the bottom A
      app:send("path.element(#3).screenA.incrementButtonTapped")   -- id 3: the upper A
      app:send("path.element(#3).screenA.incrementButtonTapped")
      app:send("path.element(-3).screenA.incrementButtonTapped")   -- 3rd from the top: id 3
      app:send("path.element(@1).screenA.decrementButtonTapped")   -- bottom: id 0
      app:send("path.element(-1).screenC.startButtonTapped")       -- top: id 5
      app:send("path.element(id: 5).screenC.stopButtonTapped")     -- labeled form
      local s = app.state
      assert.equal(0, s.path[1].screenA.count)
      assert.equal(3, s.path[4].screenA.count)
      assert.equal(5, s.path[6].id)
      assert.is_false(s.path[6].screenC.isTimerRunning)
      assert.same({}, app:warnings())
    end)

    it("resolves positions in TestStore actions too", function()
      local t = navd.test_store("navigation", { state = { path = { screenA(0), screenB(1), screenA(2) } } })
      t:send("path.element(-1).screenA.incrementButtonTapped", function(s) s.path[3].screenA.count = 1 end)
      t:send("path.element(@1).screenA.decrementButtonTapped", function(s) s.path[1].screenA.count = -1 end)
      t:finish()
    end)

    it("goBackToScreen(id:) pops every screen above that id", function()
      local t = navd.test_store("navigation")
      t:send("goToABCButtonTapped", function(s) s.path = { screenA(0), screenB(1), screenC(2) } end)
      t:send("path.element(1).screenB.screenAButtonTapped", function(s) s.path[4] = screenA(3) end)
      t:send("goBackToScreen", { id = 1 }, function(s) s.path = { screenA(0), screenB(1) } end)
      t:finish()
    end)

    it("popToRoot empties the path", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-1).screenC.startButtonTapped")
      app:send("popToRoot")
      assert.same({ path = {} }, app.state)
    end)

    it("pops the topmost screen with popFrom(id:) and a position", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.popFrom(id: -1)")
      assert.equal("AB", names(app.state))
      app:send("path.popFrom(id: 0)")
      assert.same({ path = {} }, app.state)
    end)

    -- BUG (reported): StackPositions resolves a lone position `popFrom = -1` to an id, but the
    -- decoder then wants `{ id = … }` and the error names the resolved id (2), not the -1 the
    -- author wrote.
    it("pops the topmost screen with popFrom(-1)", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.popFrom(-1)")
      assert.equal("AB", names(app.state))
    end)

    it("says how big the stack is when a position is out of range #errors", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      local ok, err = pcall(function() app:send("path.element(-4).screenA.incrementButtonTapped") end)
      assert.is_false(ok)
      assert.truthy(err:find("stack position -4 is out of range: the stack has 3 elements", 1, true))
      ok, err = pcall(function() app:send("path.element(@9).screenA.incrementButtonTapped") end)
      assert.is_false(ok)
      assert.truthy(err:find("stack position @9 is out of range", 1, true))
      assert.equal("ABC", names(app.state))
    end)

    it("names the failing segment and its type for a wrong screen action #errors", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      local ok, err = pcall(function() app:send("path.element(0).screenA.fly") end)
      assert.is_false(ok)
      assert.truthy(err:find('no case "fly" in ScreenA.Action (at path.element.action.screenA)', 1, true))
      ok, err = pcall(function() app:send("goBackToScreen") end)
      assert.is_false(ok)
      assert.truthy(err:find('missing field "id" at goBackToScreen.id', 1, true))
    end)

    it("warns when an action targets a screen of another kind", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(1).screenA.incrementButtonTapped")  -- id 1 is Screen B
      local warnings = app:warnings()
      assert.equal(1, #warnings)
      assert.truthy(warnings[1]:find("received a child action when child state was set to a different case", 1, true))
      assert.equal("ABC", names(app.state))
    end)
  end)

  describe("Screen A", function()
    it("dismissing Screen A pops only Screen A", function()
      local t = navd.test_store("navigation", { state = { path = { screenB(0) } } })
      t:send("path.element(0).screenB.screenAButtonTapped", function(s) s.path[2] = screenA(1) end)
      t:send("path.element(1).screenA.dismissButtonTapped")
      t:receive("path.popFrom(id: 1)", function(s) s.path = { screenB(0) } end)
      t:finish()
    end)

    it("dismissing the top Screen A of A B C A leaves A B C", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(1).screenB.screenAButtonTapped")
      app:send("path.element(-1).screenA.incrementButtonTapped")
      app:send("path.element(-1).screenA.dismissButtonTapped")
      local s = app:await(function(s) return #s.path == 3 end)
      assert.equal("ABC", names(s))
      assert.same({ 0, 1, 2 }, ids(s))
    end)

    it("fetches a fact about its count (local fact client)", function()
      local t = navd.test_store("navigation", { state = { path = { screenA(0, 6) } } })
      t:send("path.element(0).screenA.incrementButtonTapped", function(s) s.path[1].screenA.count = 7 end)
      t:send("path.element(0).screenA.factButtonTapped", function(s) s.path[1].screenA.isLoading = true end)
      t:receive({ path = { element = { id = 0, action = { screenA = { factResponse = { success = "7 is a prime number." } } } } } },
        function(s)
          s.path[1].screenA.isLoading = false
          s.path[1].screenA.fact = "7 is a prime number."
        end)
      t:finish()
    end)

    it("shows the fetched fact in a launched store", function()
      local app = navd.launch("navigation", { state = { path = { screenA(0, 8) } } })
      app:send("path.element(0).screenA.factButtonTapped")
      local s = app:await(function(s) return s.path[1].screenA.fact ~= nil end)
      assert.same({ id = 0, screenA = { count = 8, fact = "8 is an even number.", isLoading = false } },
        s.path[1])
    end)
  end)

  describe("Screen B", function()
    it("decoupled navigation to screen B is pushed by the parent", function()
      local t = navd.test_store("navigation", { state = { path = { screenB(0) } } })
      t:send("path.element(0).screenB.screenBButtonTapped", function(s) s.path[2] = screenB(1) end)
      t:send("path.element(-1).screenB.screenCButtonTapped", function(s) s.path[3] = screenC(2) end)
      t:send("path.element(1).screenB.screenAButtonTapped", function(s) s.path[4] = screenA(3) end)
      t:finish()
    end)
  end)

  describe("Screen C #timer", function()
    it("ticks once a second until stopped", function()
      local t = navd.test_store("navigation", { state = { path = { screenC(0) } } })
      t:send("path.element(0).screenC.startButtonTapped", function(s) s.path[1].screenC.isTimerRunning = true end)
      t:advance(1)
      t:receive("path.element(0).screenC.timerTick", function(s) s.path[1].screenC.count = 1 end)
      t:advance(1)
      t:receive("path.element(0).screenC.timerTick", function(s) s.path[1].screenC.count = 2 end)
      t:send("path.element(0).screenC.stopButtonTapped", function(s) s.path[1].screenC.isTimerRunning = false end)
      -- concatenate(with: .send(.stopButtonTapped)): sent once more after the cancellation.
      t:receive("path.element(0).screenC.stopButtonTapped")
      t:advance(5)
      t:finish()
    end)

    it("counts 60 in 60 virtual seconds, fast", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(2).screenC.startButtonTapped")
      local started = os.clock()
      local s = app:await(function(s) return s.path[3].screenC.count >= 60 end, 61)
      assert.equal(60, s.path[3].screenC.count)
      assert.is_true(s.path[3].screenC.isTimerRunning)
      app:send("path.element(2).screenC.stopButtonTapped")
      app:advance(10)
      assert.same(screenC(2, 60, false), app.state.path[3])
      assert.is_true(os.clock() - started < 5, "60 virtual seconds must not take real minutes")
    end)

    it("counts 60 ticks over advance(60) in a test store", function()
      local t = navd.test_store("navigation", { state = { path = { screenC(7) } } })
      t:send("path.element(7).screenC.startButtonTapped", function(s) s.path[1].screenC.isTimerRunning = true end)
      t:advance(60)
      for n = 1, 60 do
        t:receive("path.element(7).screenC.timerTick", function(s) s.path[1].screenC.count = n end)
      end
      t:send("path.element(7).screenC.stopButtonTapped", function(s) s.path[1].screenC.isTimerRunning = false end)
      t:receive("path.element(7).screenC.stopButtonTapped")
      t:finish()
    end)

    it("popping to root cancels the timer: no more ticks", function()
      local t = navd.test_store("navigation")
      t:send("goToABCButtonTapped", function(s) s.path = { screenA(0), screenB(1), screenC(2) } end)
      t:send("path.element(2).screenC.startButtonTapped", function(s) s.path[3].screenC.isTimerRunning = true end)
      t:advance(1)
      t:receive("path.element(2).screenC.timerTick", function(s) s.path[3].screenC.count = 1 end)
      t:send("popToRoot", function(s) s.path = {} end)
      t:advance(10)  -- nothing more may arrive
      t:finish()
    end)

    it("going back below Screen C cancels its timer", function()
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-1).screenC.startButtonTapped")
      app:advance(2)
      assert.equal(2, app.state.path[3].screenC.count)
      app:send("goBackToScreen", { id = 1 })
      app:advance(30)
      assert.equal("AB", names(app.state))
      assert.same({}, app:warnings())  -- no tick reached a missing element
    end)

    it("runs on the live clock too #slow", function()
      local app = navd.launch("navigation", { clock = "live", state = { path = { screenC(0) } } })
      assert.equal("live", app.clock)
      app:send("path.element(0).screenC.startButtonTapped")
      local s = app:await(function(s) return s.path[1].screenC.count >= 1 end, 3)
      assert.is_true(s.path[1].screenC.count >= 1)
      app:send("popToRoot")
      assert.same({ path = {} }, app.state)
    end)
  end)
end)
