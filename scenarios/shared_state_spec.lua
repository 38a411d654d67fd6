-- SharedState (seed 004): Counter and Profile tabs over one state; the profile is derived from the
-- counter with a getter and a setter, so a reset on the profile tab shows on the counter tab; the
-- "is prime" alert.

local function tap(app, action, times)
  for _ = 1, times do app:send(action) end
end

describe("SharedState", function()
  it("starts on the counter tab at 0", function()
    local app = navd.launch("shared-state")
    assert.same({ counter = { count = 0, maxCount = 0, minCount = 0, numberOfCounts = 0 }, currentTab = "counter" },
      app.state)
  end)

  it("keeps the counter's statistics", function()
    local app = navd.launch("shared-state")
    tap(app, "counter.incrementButtonTapped", 3)
    tap(app, "counter.decrementButtonTapped", 5)
    assert.same({ count = -2, maxCount = 3, minCount = -2, numberOfCounts = 8 }, app.state.counter)
  end)

  it("switches tabs", function()
    local app = navd.launch("shared-state")
    app:send("selectTab", "profile")
    assert.equal("profile", app.state.currentTab)
    app:send({ selectTab = "counter" })
    assert.equal("counter", app.state.currentTab)
  end)

  it("the profile's reset is visible on the counter tab", function()
    local app = navd.launch("shared-state")
    tap(app, "counter.incrementButtonTapped", 4)
    app:send("selectTab", "profile")
    app:send("profile.resetCounterButtonTapped")
    -- The setter writes the reset back into the counter, and selects the counter tab.
    assert.same({ counter = { count = 0, maxCount = 0, minCount = 0, numberOfCounts = 0 }, currentTab = "counter" },
      app.state)
    app:send("counter.incrementButtonTapped")
    assert.same({ count = 1, maxCount = 1, minCount = 0, numberOfCounts = 1 }, app.state.counter)
  end)

  describe("the \"is prime\" alert", function()
    it("says a prime count is prime", function()
      local app = navd.launch("shared-state")
      tap(app, "counter.incrementButtonTapped", 7)
      app:send("counter.isPrimeButtonTapped")
      assert.same({ buttons = {}, title = "👍 The number 7 is prime!" }, app.state.counter.alert)
    end)

    it("tells primes from non-primes for 0…9", function()
      local app = navd.launch("shared-state")
      for n = 0, 9 do
        app:send("counter.isPrimeButtonTapped")
        local title = app.state.counter.alert.title
        local prime = ({ [2] = true, [3] = true, [5] = true, [7] = true })[n] or false
        if prime then
          assert.equal("👍 The number " .. n .. " is prime!", title)
        else
          assert.equal("👎 The number " .. n .. " is not prime :(", title)
        end
        app:send("counter.alert.dismiss")
        assert.is_nil(app.state.counter.alert)
        app:send("counter.incrementButtonTapped")
      end
    end)

    it("is dismissed and leaves the count alone", function()
      local app = navd.launch("shared-state")
      tap(app, "counter.incrementButtonTapped", 2)
      app:send("counter.isPrimeButtonTapped")
      app:send("counter.alert.dismiss")
      assert.same({ count = 2, maxCount = 2, minCount = 0, numberOfCounts = 2 }, app.state.counter)
    end)

    it("works through a non-exhaustive test store", function()
      local t = navd.test_store("shared-state")
      t.exhaustive = false
      t:send("counter.decrementButtonTapped")
      t:send("counter.isPrimeButtonTapped")
      assert.equal("👎 The number -1 is not prime :(", t.state.counter.alert.title)
      t:send("counter.alert.dismiss")
      assert.is_nil(t.state.counter.alert)
      assert.equal(-1, t.state.counter.minCount)
      t:finish()
    end)

    it("takes nothing but dismiss #errors", function()
      local app = navd.launch("shared-state")
      app:send("counter.isPrimeButtonTapped")
      local ok, err = pcall(function() app:send("counter.alert.presented.ok") end)
      assert.is_false(ok)
      assert.truthy(err:find("invalid action for SharedState.Action", 1, true))
      assert.truthy(err:find("only 'dismiss' can be sent to it", 1, true))
      assert.is_not_nil(app.state.counter.alert)
    end)

    it("names the tab type when the tab is unknown #errors", function()
      local app = navd.launch("shared-state")
      local ok, err = pcall(function() app:send("selectTab", "settings") end)
      assert.is_false(ok)
      assert.truthy(err:find('no case "settings" in SharedState.Tab (at selectTab)', 1, true))
    end)
  end)

  -- BUG (reported): the counter's `alert` (a PresentationState) is nil, hence absent, in every
  -- state a script builds, and decoding then fails with 'missing field "alert" at counter.alert':
  -- no exhaustive TestStore step and no `state =` launch option work for this feature.
  it("counts, asserted exhaustively", function()
    local t = navd.test_store("shared-state")
    t:send("counter.incrementButtonTapped", function(s)
      s.counter.count = 1
      s.counter.maxCount = 1
      s.counter.numberOfCounts = 1
    end)
    t:send("selectTab", "profile", function(s) s.currentTab = "profile" end)
    t:send("profile.resetCounterButtonTapped", function(s)
      s.counter = { count = 0, maxCount = 0, minCount = 0, numberOfCounts = 0 }
      s.currentTab = "counter"
    end)
    t:finish()
  end)

  it("launches from a given state", function()
    local app = navd.launch("shared-state", {
      state = { counter = { count = 5, maxCount = 5, minCount = 0, numberOfCounts = 5 }, currentTab = "profile" },
    })
    app:send("counter.isPrimeButtonTapped")
    assert.equal("👍 The number 5 is prime!", app.state.counter.alert.title)
  end)
end)
