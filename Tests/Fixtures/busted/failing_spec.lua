-- Must fail: scripts/test-lua-client checks that busted reports this wrong expectation, at
-- this line, against a live navd.
local navd = require("navd.client")

describe("a wrong expectation over the socket", function()
  it("fails", function()
    local app <close> = navd.launch("counter")
    app:send("incrementButtonTapped")
    assert.same({ count = 42 }, app.state)
  end)
end)
