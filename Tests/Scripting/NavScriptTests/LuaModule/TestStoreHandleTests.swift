// navd.test_store's handle: TCA's TestStore driven from Lua — send, receive, exhaustivity,
// skipping and finishing.

import Composable
import LuaBridge
import NavScript
import XCTest

@testable import CaseStudies

final class TestStoreHandleTests: XCTestCase {
  func testTestStoreSendReceiveFinish() throws {
    let harness = ScriptHarness()
    try harness.run(
      """
      local t = navd.test_store("navigation")
      t:send("goToABCButtonTapped", function(s)
        s.path = {
          { id = 0, screenA = { count = 0, isLoading = false } },
          { id = 1, screenB = {} },
          { id = 2, screenC = { count = 0, isTimerRunning = false } },
        }
      end)
      t:send("path.element(-1).screenC.startButtonTapped", function(s)
        s.path[3].screenC.isTimerRunning = true
      end)
      t:advance(1)
      t:receive("path.element(2).screenC.timerTick", function(s) s.path[3].screenC.count = 1 end)
      t:advance(1)
      t:receive("path.element(2).screenC.timerTick", function(s)
        local changed = s
        changed.path[3].screenC.count = 2
        return changed
      end)
      t:send("path.element(2).screenC.stopButtonTapped", function(s)
        s.path[3].screenC.isTimerRunning = false
      end)
      t:receive("path.element(2).screenC.stopButtonTapped")
      t:finish()
      assert(t.state.path[3].screenC.count == 2)
      assert(t.exhaustive == true and t.feature == "navigation")
      """)
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testMisassertedTestStoreShowsTheDiffAndLocation() {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local t = navd.test_store("counter")
      t:send("incrementButtonTapped", function(s) s.count = 2 end)
      """, name: "counter_spec.lua")
    XCTAssertTrue(
      message.hasPrefix("counter_spec.lua:2: A state change does not match expectation."),
      message)
    XCTAssertTrue(message.contains("(Expected: −, Actual: +)"), message)
    XCTAssertTrue(message.contains("−"), message)
    XCTAssertTrue(message.contains("count: 2"), message)
    XCTAssertTrue(message.contains("count: 1"), message)
  }

  func testReceiveOfAnActionNeverSent() {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local t = navd.test_store("counter")
      t:receive("incrementButtonTapped")
      """)
    XCTAssertTrue(message.hasPrefix("scenario.lua:2: "), message)
  }

  func testNonExhaustiveTestStoreSkipsUnassertedChanges() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local t = navd.test_store("shared-state")
      t.exhaustive = false
      t:send("counter.incrementButtonTapped", function(s) s.counter.count = 1 end)
      t:send("counter.incrementButtonTapped")
      t:finish()
      return t.exhaustive, t.state.counter.numberOfCounts
      """)
    XCTAssertEqual(results, [false, 2])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testExhaustiveTestStoreFailsOnUnassertedChanges() throws {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local t = navd.test_store("shared-state")
      t:send("counter.incrementButtonTapped", function(s) s.counter.count = 1 end)
      """)
    XCTAssertTrue(
      message.hasPrefix("scenario.lua:2: A state change does not match expectation"), message)
    XCTAssertTrue(message.contains("numberOfCounts"), message)
  }

  func testNonExhaustiveTestStore() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local t = navd.test_store("navigation")
      t.exhaustive = false
      t:send("goToABCButtonTapped")
      t:send("path.element(-1).screenC.startButtonTapped", function(s)
        s.path[3].screenC.isTimerRunning = true
      end)
      t:advance(3)
      -- Non-exhaustive receive skips to the first matching action: the first tick.
      t:receive("path.element(-1).screenC.timerTick", function(s)
        s.path[3].screenC.count = 1
      end)
      t:finish()
      return t.exhaustive, #t.state.path, t.state.path[3].screenC.count
      """)
    XCTAssertEqual(results, [false, 3, 3])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testExhaustiveTestStoreFailsOnAnUnexpectedChange() {
    let message = ScriptHarness().error(
      """
      local t = navd.test_store("counter")
      t:send("incrementButtonTapped")
      """)
    XCTAssertTrue(
      message.hasPrefix(
        "scenario.lua:2: State was not expected to change, but a change occurred."), message)
    XCTAssertTrue(message.contains("(Expected: −, Actual: +)"), message)
  }

  func testExhaustiveMustBeABoolean() {
    XCTAssertEqual(
      ScriptHarness().error("local t = navd.test_store(\"counter\") t.exhaustive = 1"),
      "exhaustive must be true or false, got number")
  }

  /// A test store on Screen C whose timer was started, its state asserted: Lua that a test
  /// finishes in its own way.
  private let testStoreWithATimerRunning = """
    local t = navd.test_store("navigation", {
      state = { path = { { id = 4, screenC = { count = 0, isTimerRunning = false } } } },
    })
    t:send("path.element(4).screenC.startButtonTapped", function(s)
      s.path[1].screenC.isTimerRunning = true
    end)

    """

  func testUnfinishedTestStoreFailsTheScenario() throws {
    let harness = ScriptHarness()
    try harness.run(testStoreWithATimerRunning)
    let problems = harness.host.finishScenario()
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertTrue(
      problems.first?.hasPrefix(
        "scenario.lua:1: An effect returned for this action is still running.") == true,
      "\(problems)")
  }

  func testCancelEffectsEndsARunningTimer() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-1).screenC.startButtonTapped")
      app:advance(2)
      local cancelled = app:cancel_effects()
      app:advance(3)
      return cancelled, app.state.path[3].screenC.count, app:cancel_effects()
      """)
    XCTAssertEqual(results, [1, 2, 0], "one timer cancelled; no tick after it")
    XCTAssertEqual(harness.host.finishScenario(), [], "nothing is left running")
  }

  func testSkipInFlightEffectsLetsAnExhaustiveTestStoreFinish() throws {
    let harness = ScriptHarness()
    try harness.run(testStoreWithATimerRunning + "t:skip_in_flight_effects() t:finish()")
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testSkipsAreStrictUnlessToldOtherwise() throws {
    XCTAssertEqual(
      ScriptHarness().error(
        "local t = navd.test_store(\"counter\") t:skip_in_flight_effects()"),
      "scenario.lua:1: There were no in-flight effects to skip.")
    XCTAssertEqual(
      ScriptHarness().error(
        "local t = navd.test_store(\"counter\") t:skip_received_actions()"),
      "scenario.lua:1: There were no received actions to skip.")
    let harness = ScriptHarness()
    try harness.run(
      """
      local t = navd.test_store("counter")
      t:skip_received_actions({ strict = false })
      t:skip_in_flight_effects({ strict = false })
      t:finish()
      """)
    XCTAssertEqual(harness.host.finishScenario(), [])
    XCTAssertEqual(
      ScriptHarness().error(
        "local t = navd.test_store(\"counter\") t:skip_in_flight_effects({ strict = 0 })"),
      "skip_in_flight_effects takes { strict = true } or { strict = false }")
  }
}
