@testable import CaseStudies
import Composable
import LuaBridge
import NavValue
import XCTest

@testable import NavHosting
@testable import NavScript

final class ScriptedTestStoreTests: XCTestCase {
  let here = SourceLocation(file: "counter_spec.lua", line: 7)

  func counterStore() throws -> LuaTestStore<Counter> {
    try LuaTestStore<Counter>(
      name: "counter", options: LaunchOptions(), initialState: { Counter.State() },
      reducer: { Counter() }, dependencies: { _ in })
  }

  func setCount(_ count: Int) -> LuaStateMutation {
    { state throws(LuaError) in
      guard case .object(var fields) = state else { throw LuaError("not a table") }
      fields["count"] = .integer(count)
      return .object(fields)
    }
  }

  func testSendWithTheRightExpectation() throws {
    let store = try counterStore()
    XCTAssertEqual(store.featureName, "counter")
    XCTAssertTrue(store.exhaustive)
    XCTAssertEqual(
      try store.send("incrementButtonTapped", mutate: setCount(1), location: here), [])
    XCTAssertEqual(
      try store.send("incrementButtonTapped", mutate: setCount(2), location: here), [])
    XCTAssertEqual(try store.state(), ["count": 2])
    XCTAssertEqual(store.finish(location: here), [])
    XCTAssertEqual(store.finishScenario(location: here), [])
  }

  func testSendWithTheWrongExpectationGivesTheDiff() throws {
    let store = try counterStore()
    let failures = try store.send("incrementButtonTapped", mutate: setCount(5), location: here)
    XCTAssertEqual(failures.count, 1, "\(failures)")
    let failure = failures.first ?? ""
    XCTAssertTrue(
      failure.hasPrefix("counter_spec.lua:7: A state change does not match expectation."),
      failure)
    XCTAssertTrue(failure.contains("(Expected: −, Actual: +)"), failure)
    XCTAssertTrue(failure.contains("count: 5"), failure)
    XCTAssertTrue(failure.contains("count: 1"), failure)
  }

  func testSendWithoutExpectationOfAChange() throws {
    let store = try counterStore()
    let failures = try store.send("incrementButtonTapped", mutate: nil, location: here)
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(
      failures.first?.hasPrefix(
        "counter_spec.lua:7: State was not expected to change, but a change occurred") == true,
      "\(failures)")
  }

  func testNonExhaustiveSkipsUnassertedChanges() throws {
    let store = try counterStore()
    store.exhaustive = false
    XCTAssertFalse(store.exhaustive)
    XCTAssertEqual(try store.send("incrementButtonTapped", mutate: nil, location: here), [])
    XCTAssertEqual(try store.state(), ["count": 1])
  }

  func testReceiveWithNothingReceived() throws {
    let store = try counterStore()
    let failures = try store.receive("incrementButtonTapped", mutate: nil, location: here)
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(
      failures.first?.hasPrefix("counter_spec.lua:7: Expected to receive ") == true,
      "\(failures)")
    XCTAssertTrue(failures.first?.hasSuffix("but received none.") == true, "\(failures)")
  }

  func testSkipReceivedActionsWhenThereAreNone() throws {
    let store = try counterStore()
    XCTAssertEqual(
      store.skipReceivedActions(strict: true, location: here),
      ["counter_spec.lua:7: There were no received actions to skip."])
  }

  func testUndecodableActionsThrow() throws {
    let store = try counterStore()
    XCTAssertThrowsError(try store.send("nope", mutate: nil, location: here)) { error in
      XCTAssertEqual(
        (error as? LuaError)?.message,
        "invalid action for Counter.Action: no case \"nope\" in Counter.Action; the cases are "
          + "decrementButtonTapped, incrementButtonTapped")
    }
  }

  func testExpectedStateThatDoesNotDecode() throws {
    let store = try counterStore()
    let failures = try store.send(
      "incrementButtonTapped", mutate: { _ throws(LuaError) in ["count": "one"] }, location: here)
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(
      failures.first?.hasPrefix("counter_spec.lua:7: Threw error: ") == true, "\(failures)")
    XCTAssertTrue(
      failures.first?.contains("invalid expected state for Counter.State") == true, "\(failures)")
  }

  func testTimerReceivedAndFinished() throws {
    let store = try LuaTestStore<NavigationDemo>(
      name: "navigation", options: LaunchOptions(), initialState: { NavigationDemo.State() },
      reducer: { NavigationDemo() }, dependencies: { _ in })
    store.exhaustive = false
    XCTAssertEqual(try store.send("goToABCButtonTapped", mutate: nil, location: here), [])
    XCTAssertEqual(
      try store.send(
        ["path": ["element": ["id": -1, "action": ["screenC": "startButtonTapped"]]]],
        mutate: nil, location: here), [])
    XCTAssertEqual(store.advance(by: .seconds(2)), [])
    XCTAssertEqual(
      try store.receive(
        ["path": ["element": ["id": "@3", "action": ["screenC": "timerTick"]]]], mutate: nil,
        location: here), [])
    // The state as asserted, as TCA's `store.state`: the second tick is not received yet.
    XCTAssertEqual(try store.state()["path"][3]["screenC"]["count"], 1)
    // Non-exhaustive: the running timer is cancelled, not reported.
    XCTAssertEqual(store.finishScenario(location: here), [])
  }

  func testRunningEffectFailsAnExhaustiveFinish() throws {
    let store = try LuaTestStore<ScreenC>(
      name: "screen-c", options: LaunchOptions(), initialState: { ScreenC.State() },
      reducer: { ScreenC() }, dependencies: { _ in })
    XCTAssertEqual(
      try store.send(
        "startButtonTapped",
        mutate: { _ throws(LuaError) in ["count": 0, "isTimerRunning": true] }, location: here),
      [])
    let failures = store.finishScenario(location: here)
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(
      failures.first?.hasPrefix(
        "counter_spec.lua:7: An effect returned for this action is still running")
        == true, "\(failures)")
    XCTAssertEqual(store.finish(location: here), [], "the checks run once")
  }
}
