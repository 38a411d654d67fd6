@testable import CaseStudies
import Composable
import Foundation
import HeadlessUICore
import NavValue
import ScriptedCaseStudies
import XCTest

@testable import NavHosting

final class ScriptedStoreTests: XCTestCase {
  func counterStore(_ options: LaunchOptions = LaunchOptions()) throws -> LaunchedStore<Counter> {
    try LaunchedStore<Counter>(
      name: "counter", options: options, initialState: { Counter.State() },
      reducer: { Counter() }, dependencies: { _ in })
  }

  func navigationStore() throws -> LaunchedStore<NavigationDemo> {
    try LaunchedStore<NavigationDemo>(
      name: "navigation", options: LaunchOptions(), initialState: { NavigationDemo.State() },
      reducer: { NavigationDemo() }, dependencies: { _ in })
  }

  // MARK: - Sending

  func testSendByPathAndTable() throws {
    let store = try counterStore()
    XCTAssertEqual(store.featureName, "counter")
    XCTAssertEqual(try store.state(), ["count": 0])
    try store.send(path: "incrementButtonTapped", payload: [])
    try store.send(path: "incrementButtonTapped", payload: [])
    try store.send("decrementButtonTapped")
    try store.send(path: "incrementButtonTapped", payload: [])
    XCTAssertEqual(try store.state(), ["count": 2])
    XCTAssertEqual(store.version, 4)
    XCTAssertEqual(store.finishScenario(), [])
  }

  func testFailedPathsAreNotRemembered() throws {
    let store = try counterStore()
    for _ in 0..<2 {
      XCTAssertThrowsError(try store.send(path: "nope", payload: [])) { error in
        XCTAssertEqual(
          (error as? NavError)?.message,
          "invalid action for Counter.Action: no case \"nope\" in Counter.Action; the cases are "
            + "decrementButtonTapped, incrementButtonTapped")
      }
    }
    XCTAssertEqual(store.version, 0)
  }

  func testInitialStateFromOptions() throws {
    let store = try counterStore(LaunchOptions(state: ["count": 7]))
    XCTAssertEqual(try store.state(), ["count": 7])
    XCTAssertEqual(store.clockMode, .virtual)
    XCTAssertEqual(store.timeout, .seconds(1))
  }

  func testALaunchStateReservesTheStackIDsItNames() throws {
    // A restored session names ids #0–#5: the next push must not reuse #0.
    let store = try LaunchedStore<NavigationDemo>(
      name: "navigation",
      options: LaunchOptions(state: ["path": [["id": 5, "screenB": [:]], ["screenB": [:]]]]),
      initialState: { NavigationDemo.State() }, reducer: { NavigationDemo() },
      dependencies: { _ in })
    try store.send(path: "goToABCButtonTapped", payload: [])
    guard case .array(let path) = try store.state()["path"] else {
      return XCTFail("no path in the state")
    }
    let ids = path.compactMap { element -> Int? in
      if case .integer(let id) = element["id"] { return id }
      return nil
    }
    XCTAssertEqual(ids.count, 5)
    XCTAssertEqual(Set(ids).count, 5, "ids repeat: \(ids)")
    XCTAssertEqual(ids[0], 5)
    XCTAssertTrue(ids.dropFirst().allSatisfy { $0 > 5 }, "\(ids)")
  }

  func testPositionsAreResolvedAgainstTheCurrentState() throws {
    let store = try navigationStore()
    try store.send(path: "goToABCButtonTapped", payload: [])
    try store.send(path: "path.element(-2).screenB.screenAButtonTapped", payload: [])
    XCTAssertEqual(try store.state()["path"][4]["id"], 3)
    XCTAssertEqual(try store.state()["path"][4]["screenA"]["count"], 0)
    try store.send(path: "path.element(@4).screenA.incrementButtonTapped", payload: [])
    XCTAssertEqual(try store.state()["path"][4]["screenA"]["count"], 1)
    // ScreenC has no incrementButtonTapped: the error names the element's action type.
    XCTAssertThrowsError(
      try store.send(path: "path.element(-3).screenC.incrementButtonTapped", payload: [])
    ) { error in
      let message = (error as? NavError)?.message ?? ""
      XCTAssertTrue(
        message.contains("no case \"incrementButtonTapped\" in ScreenC.Action"), message)
    }
    XCTAssertThrowsError(
      try store.send(path: "path.element(-9).screenC.timerTick", payload: [])
    ) { error in
      XCTAssertEqual(
        (error as? NavError)?.message, "stack position -9 is out of range: the stack has 4 elements"
      )
    }
  }

  // MARK: - Watching and time

  func testWatchingRecordsEveryState() throws {
    let store = try counterStore()
    let watcher = store.watch()
    let other = store.watch()  // two waiters on one store see the same states
    try store.send(path: "incrementButtonTapped", payload: [])
    try store.send(path: "incrementButtonTapped", payload: [])
    XCTAssertEqual(try watcher.drain(), [["count": 1], ["count": 2]])
    XCTAssertEqual(try watcher.drain(), [])
    watcher.cancel()
    try store.send(path: "incrementButtonTapped", payload: [])
    XCTAssertEqual(try watcher.drain(), [])
    XCTAssertEqual(try other.drain(), [["count": 1], ["count": 2], ["count": 3]])
  }

  func testObservingChangesGivesEncodedActionsAndStates() throws {
    let store = try counterStore()
    let changes = ChangeLog()
    let observation = store.observeChanges { changes.append($0) }
    try store.send(path: "incrementButtonTapped", payload: [])
    observation.cancel()
    try store.send(path: "incrementButtonTapped", payload: [])
    let recorded = changes.all
    XCTAssertEqual(recorded.map(\.version), [1])
    XCTAssertEqual(recorded.map(\.action), ["incrementButtonTapped"])
    XCTAssertEqual(recorded.map(\.state), [["count": 1]])
  }

  func testAdvanceToNextWakeUp() throws {
    let store = try navigationStore()
    XCTAssertNil(store.advanceToNextWakeUp(within: .seconds(10)))
    try store.send(path: "goToABCButtonTapped", payload: [])
    try store.send(path: "path.element(-1).screenC.startButtonTapped", payload: [])
    XCTAssertNil(store.advanceToNextWakeUp(within: .milliseconds(500)))
    XCTAssertEqual(store.advanceToNextWakeUp(within: .seconds(10)), .seconds(1))
    XCTAssertEqual(try store.state()["path"][3]["screenC"]["count"], 1)
    store.advance(by: .seconds(5))
    XCTAssertEqual(try store.state()["path"][3]["screenC"]["count"], 6)
    let problems = store.finishScenario()
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertEqual(store.finishScenario(), [], "effects are cancelled")
  }

  func testLiveClockHasNoWakeUps() throws {
    let store = try counterStore(LaunchOptions(clock: .live))
    XCTAssertEqual(store.clockMode, .live)
    XCTAssertNil(store.advanceToNextWakeUp(within: .seconds(10)))
    XCTAssertTrue(store.settle())
  }

  // MARK: - Launch options

  func testLaunchOptionsFromATable() throws {
    let defaults = try LaunchOptions(.null)
    XCTAssertNil(defaults.state)
    XCTAssertEqual(defaults.clock, .virtual)
    XCTAssertEqual(defaults.timeout, .seconds(1))
    let options = try LaunchOptions(["state": ["count": 1], "clock": "live", "timeout": 2])
    XCTAssertEqual(options.state, ["count": 1])
    XCTAssertEqual(options.clock, .live)
    XCTAssertEqual(options.timeout, .seconds(2))
    XCTAssertEqual(try LaunchOptions(["timeout": 0.25]).timeout, .milliseconds(250))
  }

  func testInvalidLaunchOptions() {
    func message(_ value: DataValue) -> String? {
      do {
        _ = try LaunchOptions(value)
        return nil
      } catch {
        return error.message
      }
    }
    XCTAssertEqual(message("fast"), "launch options must be a table, got string")
    XCTAssertEqual(
      message(["clock": "sundial"]),
      "launch option clock must be \"virtual\" or \"live\", got \"sundial\"")
    XCTAssertEqual(
      message(["timeout": "soon"]), "launch option timeout must be a number of seconds")
  }

  // MARK: - Warnings

  func testWarningSinkDrains() {
    let sink = WarningSink()
    sink.append("a")
    sink.append("b")
    XCTAssertEqual(sink.drain(), ["a", "b"])
    XCTAssertEqual(sink.drain(), [])
  }

  // MARK: - Screens

  func testUsesOfTheScreenRunOneAtATimeOnAFreshRender() throws {
    let feature = try XCTUnwrap(ScriptFeature.caseStudies.first { $0.name == "navigation" })
    for _ in 0..<20 {
      let session = try ScriptSession(feature: feature, options: LaunchOptions(clock: .live))
      defer { session.close() }
      let warnings = Warnings()
      session.observeWarnings { warnings.append($0) }
      @Sendable func use(_ decide: (NavigationTree) throws(ScreenError) -> Activation) throws {
        try session.use { tree throws(ScriptError) in
          do throws(ScreenError) {
            return try decide(tree)
          } catch {
            throw ScriptError(.failed, "\(error)")
          }
        }
      }
      try use { tree throws(ScreenError) in try tree.tap(ControlQuery(label: "Go to A → B → C")) }
      // Two clients go back at once: each pops the screen it sees, so two screens go.
      DispatchQueue.concurrentPerform(iterations: 2) { _ in
        try? use { tree throws(ScreenError) in try tree.back() }
      }
      XCTAssertEqual(try session.screen().tree.frontmost.name, "#0 Screen A")
      XCTAssertEqual(warnings.all, [], "a back sent for a screen already popped")
    }
  }
}

/// Collects changes reported on other threads.
private final class ChangeLog: @unchecked Sendable {
  private let lock = NSLock()
  private var changes: [EncodedChange] = []
  func append(_ change: EncodedChange) { lock.withLock { changes.append(change) } }
  var all: [EncodedChange] { lock.withLock { changes } }
}

/// Runtime warnings collected from another thread.
private final class Warnings: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []
  func append(_ message: String) { lock.withLock { messages.append(message) } }
  var all: [String] { lock.withLock { messages } }

  /// An unknown case is answered as `tap` answers an unknown label: with the nearest case, and
  /// the cases there are.
  func testAnUnknownCaseSuggestsTheNearestOne() throws {
    let store = try LaunchedStore<Counter>(
      name: "counter", options: LaunchOptions(), initialState: { Counter.State() },
      reducer: { Counter() }, dependencies: { _ in })
    XCTAssertThrowsError(try store.send(path: "incrementButonTapped", payload: [])) { error in
      XCTAssertEqual(
        (error as? NavError)?.message,
        "invalid action for Counter.Action: no case \"incrementButonTapped\" in Counter.Action; "
          + "did you mean \"incrementButtonTapped\"? The cases are decrementButtonTapped, "
          + "incrementButtonTapped")
    }
    XCTAssertEqual(CaseSuggestion.distance("kitten", "sitting"), 3)
    XCTAssertEqual(CaseSuggestion.distance("", "abc"), 3)
    XCTAssertEqual(CaseSuggestion.distance("Tap", "tap"), 0, "case is ignored")
  }
}
