-- A deliberately failing fixture: every scenario here must fail, so `navctl test` exits 1 and
-- shows what a failure looks like. It lives outside scenarios/ on purpose; do not "fix" it.

describe("Failing fixture", function()
  it("expects the wrong state after a push (TCA line diff) #diff", function()
    local t = navd.test_store("navigation")
    t:send("goToABCButtonTapped", function(s)
      s.path = {
        { id = 0, screenA = { count = 0, isLoading = false } },
        { id = 1, screenB = {} },
        { id = 2, screenA = { count = 0, isLoading = false } },  -- wrong: the third screen is C
      }
    end)
    t:finish()
  end)

  it("compares the wrong count with assert.same #same", function()
    local app = navd.launch("counter")
    app:send("incrementButtonTapped")
    app:send("incrementButtonTapped")
    assert.same({ count = 3 }, app.state)  -- wrong: the count is 2
  end)

  it("leaves Screen C's timer running #timer", function()
    local app = navd.launch("navigation")
    app:send("goToABCButtonTapped")
    app:send("path.element(-1).screenC.startButtonTapped")
    app:advance(2)
    assert.equal(2, app.state.path[3].screenC.count)
    -- no stopButtonTapped, no popToRoot: the timer is still running when the scenario ends
  end)
end)
