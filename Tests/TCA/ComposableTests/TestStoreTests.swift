import Composable
import XCTest

final class TestStoreTests: XCTestCase {
  struct Feature: Reducer {
    struct State: Equatable {
      var count = 0
      var name = "Blob"
      var response: Int?
    }
    enum Action: Equatable {
      case increment
      case incrementAndRename
      case noop
      case incrementLater
      case fetch
      case fetchTwice
      case response(Int)
      case sleepForever
      case delayed
      case delayedOnMainQueue
      case startTimer
      case stopTimer
      case tick
    }
    enum CancelID { case timer }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.mainQueue) var mainQueue

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment, .tick:
        state.count += 1
        return .none
      case .incrementAndRename:
        state.count += 1
        state.name = "Blob Jr."
        return .none
      case .noop:
        return .none
      case .incrementLater:
        return .send(.increment)
      case .fetch:
        let count = state.count
        return .run { send in await send(.response(count * 10)) }
      case .fetchTwice:
        return .run { send in
          await send(.response(1))
          await send(.response(2))
        }
      case .response(let value):
        state.response = value
        return .none
      case .sleepForever:
        return .run { _ in try await clock.sleep(for: .seconds(1_000_000)) }
      case .delayed:
        return .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.response(2))
        }
      case .delayedOnMainQueue:
        return .run { send in
          try await mainQueue.sleep(for: 3)
          await send(.response(3))
        }
      case .startTimer:
        return .run { send in
          for await _ in mainQueue.timer(interval: 1) { await send(.tick) }
        }
        .cancellable(id: CancelID.timer)
      case .stopTimer:
        return .cancel(id: CancelID.timer)
      }
    }
  }

  private func makeStore(
    _ warnings: Warnings, file: StaticString = #filePath, line: UInt = #line
  ) -> TestStoreOf<Feature> {
    TestStore(
      initialState: Feature.State(), reducer: { Feature() }, reporter: warnings.reporter,
      file: file, line: line)
  }

  // MARK: - Passing flows

  func testExhaustiveFlowPasses() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.increment) { $0.count = 1 }
    await store.send(.incrementLater)
    await store.receive(.increment) { $0.count = 2 }
    await store.send(.fetch)
    await store.receive(.response(20)) { $0.response = 20 }
    await store.send(.increment) { $0.count = 3 }
    await store.send(.fetch)
    await store.receive(/Feature.Action.response) { $0.response = 30 }
    await store.send(.fetchTwice)
    await store.receive({ $0 == .response(1) }) { $0.response = 1 }
    await store.receive({ if case .response = $0 { true } else { false } }) { $0.response = 2 }
    await store.finish()

    XCTAssertEqual(warnings.messages, [])
    XCTAssertEqual(store.state, Feature.State(count: 3, name: "Blob", response: 2))
  }

  // MARK: - Failures and their texts

  func testMismatchedStateChangeShowsALineDiff() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.increment) { $0.count = 2 }

    XCTAssertEqual(warnings.messages.count, 1)
    let message = warnings.messages.first ?? ""
    XCTAssertTrue(message.hasPrefix("A state change does not match expectation."), message)
    XCTAssertTrue(message.hasSuffix("(Expected: −, Actual: +)"), message)
    let lines = message.split(separator: "\n").map(String.init)
    let removed = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("−") }
    let added = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("+") }
    XCTAssertEqual(removed, ["    −   count: 2,"], message)
    XCTAssertEqual(added, ["    +   count: 1,"], message)
    XCTAssertTrue(
      lines.contains(#"        name: "Blob","#), "unchanged lines are context: \(message)")
    // The test store moves on from the actual state.
    await store.send(.increment) { $0.count = 2 }
    XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
  }

  func testUnexpectedStateChange() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.incrementAndRename)

    XCTAssertEqual(warnings.messages.count, 1)
    let message = warnings.messages.first ?? ""
    XCTAssertTrue(
      message.hasPrefix("State was not expected to change, but a change occurred."), message)
    XCTAssertTrue(message.contains("  −   count: 0,"), message)
    XCTAssertTrue(message.contains("  +   count: 1,"), message)
    XCTAssertTrue(message.contains(#"  −   name: "Blob","#), message)
    XCTAssertTrue(message.contains(#"  +   name: "Blob Jr.","#), message)
    XCTAssertTrue(message.hasSuffix("(Expected: −, Actual: +)"), message)
  }

  func testExpectedChangeThatDidNotHappen() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.noop) { $0.count = 0 }

    XCTAssertEqual(
      warnings.messages,
      [
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state \
        is expected, omit the trailing closure.
        """
      ])
  }

  func testSendingBeforeReceivingFails() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.fetch)
    // As in TCA, the unhandled action's change is part of the state the next send starts from.
    await store.send(.increment) {
      $0.count = 1
      $0.response = 0
    }

    XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
    XCTAssertEqual(
      warnings.messages.first,
      """
      Must handle 1 received action before sending an action.

      Unhandled actions: [
        [0]: .response(0)
      ]
      """)
    await store.skipReceivedActions()
    await store.finish()
    XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
  }

  func testUnreceivedActionFailsAtFinish() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.fetchTwice)
    await store.receive(.response(1)) { $0.response = 1 }
    await store.finish()

    XCTAssertEqual(
      warnings.messages,
      [
        """
        The store received 1 unexpected action.

          Unhandled actions:
            .response(2)

        To fix, explicitly assert against these actions using "store.receive", skip these actions \
        by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
        store: "store.exhaustivity = .off".
        """
      ])
  }

  func testReceivingTheWrongActionFails() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.fetchTwice)
    await store.receive(.response(2)) { $0.response = 2 }
    await store.receive(.response(2)) { $0.response = 2 }
    await store.finish()

    XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
    let message = warnings.messages.first ?? ""
    XCTAssertTrue(message.hasPrefix("Received unexpected action:"), message)
    XCTAssertTrue(message.contains("  − .response(2)"), message)
    XCTAssertTrue(message.contains("  + .response(1)"), message)
    XCTAssertTrue(message.hasSuffix("(Expected: −, Actual: +)"), message)
  }

  func testRunningEffectFailsAtFinishNamingTheActionThatStartedIt() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.increment) { $0.count = 1 }
    await store.send(.sleepForever)
    XCTAssertEqual(store.inFlightEffects, [".sleepForever"])
    await store.finish(timeout: .milliseconds(50))

    XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
    let message = warnings.messages.first ?? ""
    XCTAssertTrue(
      message.hasPrefix(
        "An effect returned for this action is still running. It must complete before the end of "
          + "the test."),
      message)
    let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let actionLine = lines.firstIndex(of: "Action:").map { lines[$0 + 1] }
    XCTAssertEqual(actionLine, ".sleepForever", message)
    XCTAssertFalse(message.contains("TestAction"), message)
    let cancelled = await eventually {
      store.inFlightEffects.isEmpty && store.clock.sleeperCount == 0
    }
    XCTAssertTrue(cancelled, "finish cancels the leftover effect after reporting it")
  }

  func testFailuresPointAtTheCallingLine() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    let sendLine = #line + 1
    await store.send(.increment)
    let receiveLine = #line + 1
    await store.receive(.increment, timeout: .milliseconds(10))
    await store.send(.incrementLater)
    let finishLine = #line + 1
    await store.finish()

    XCTAssertEqual(warnings.messages.count, 3, "\(warnings.messages)")
    XCTAssertEqual(
      warnings.locations.map { $0?.line }, [sendLine, receiveLine, finishLine].map(UInt.init))
    XCTAssertEqual(warnings.locations.map { $0?.file }, Array(repeating: "\(#filePath)", count: 3))
    XCTAssertTrue(warnings.messages[0].hasPrefix("State was not expected to change"))
    XCTAssertTrue(warnings.messages[1].hasPrefix("Expected to receive"), warnings.messages[1])
    XCTAssertTrue(warnings.messages[1].contains("received none"), warnings.messages[1])
    XCTAssertTrue(warnings.messages[2].hasPrefix("The store received 1 unexpected action"))
  }

  // MARK: - Non-exhaustive and skipping

  func testNonExhaustiveChecksOnlyWhatIsAsserted() async {
    let warnings = Warnings()
    let store = makeStore(warnings)
    store.exhaustivity = .off

    // Only `count` is asserted; the new name is not.
    await store.send(.incrementAndRename) { $0.count = 1 }
    // `.response(1)` is skipped on the way to `.response(2)`.
    await store.send(.fetchTwice)
    await store.receive(.response(2)) { $0.response = 2 }
    // A received action left unasserted does not stop the next send.
    await store.send(.fetch)
    await store.send(.increment) { $0.count = 2 }
    await store.send(.sleepForever)
    await store.finish(timeout: .milliseconds(50))

    XCTAssertEqual(warnings.messages, [])
    XCTAssertEqual(store.state, Feature.State(count: 2, name: "Blob Jr.", response: 10))
    let cancelled = await eventually { store.inFlightEffects.isEmpty }
    XCTAssertTrue(cancelled, "finish cancels what it did not check")
  }

  func testNonExhaustiveStillFailsAWrongAssertion() async {
    let warnings = Warnings()
    let store = makeStore(warnings)
    store.exhaustivity = .off

    await store.send(.incrementAndRename) { $0.count = 99 }

    XCTAssertEqual(warnings.messages.count, 1)
    let message = warnings.messages.first ?? ""
    XCTAssertTrue(message.hasPrefix("A state change does not match expectation"), message)
    XCTAssertTrue(message.contains("  −   count: 99,"), message)
    XCTAssertTrue(message.contains("  +   count: 1,"), message)
    XCTAssertFalse(message.contains("−   name"), "unasserted fields are not compared: \(message)")
  }

  func testSkipReceivedActions() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.fetchTwice)
    await store.skipReceivedActions()
    XCTAssertEqual(store.receivedActions.count, 0)
    XCTAssertEqual(store.state.response, 2)
    // The expected state moved on with the skipped actions.
    await store.send(.increment) { $0.count = 1 }
    XCTAssertEqual(warnings.messages, [])

    await store.skipReceivedActions()
    XCTAssertEqual(warnings.messages, ["There were no received actions to skip."])
    await store.skipReceivedActions(strict: false)
    await store.finish()
    XCTAssertEqual(warnings.messages.count, 1)
  }

  func testSkipInFlightEffects() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.sleepForever)
    await store.send(.startTimer)
    XCTAssertEqual(store.inFlightEffects, [".sleepForever", ".startTimer"])
    await store.skipInFlightEffects()
    XCTAssertEqual(store.inFlightEffects, [])
    await store.finish()
    XCTAssertEqual(warnings.messages, [])

    await store.skipInFlightEffects()
    XCTAssertEqual(warnings.messages, ["There were no in-flight effects to skip."])
  }

  func testCancellingTheSendTaskEndsItsEffect() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    let task = await store.send(.startTimer)
    await store.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await task.cancel()
    XCTAssertTrue(task.isCancelled)
    await store.advance(by: .seconds(5))
    await store.finish()
    XCTAssertEqual(warnings.messages, [])
  }

  // MARK: - Time

  func testAdvanceDrivesTheContinuousClock() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.delayed)
    await store.advance(by: .seconds(1))
    XCTAssertTrue(store.receivedActions.isEmpty)
    await store.advance(by: .seconds(1))
    await store.receive(.response(2)) { $0.response = 2 }
    await store.finish()

    XCTAssertEqual(warnings.messages, [])
    XCTAssertEqual(store.clock.now, TestClock<Duration>.Instant(offset: .seconds(2)))
  }

  func testAdvanceDrivesTheMainQueue() async {
    let warnings = Warnings()
    let store = makeStore(warnings)

    await store.send(.delayedOnMainQueue)
    await store.advance(by: .milliseconds(2_999))
    XCTAssertTrue(store.receivedActions.isEmpty)
    await store.advance(by: .milliseconds(1))
    await store.receive(.response(3)) { $0.response = 3 }

    await store.send(.startTimer)
    await store.advance(by: .milliseconds(500))
    XCTAssertTrue(store.receivedActions.isEmpty)
    await store.advance(by: .milliseconds(500))
    await store.receive(.tick) { $0.count = 1 }
    await store.advance(by: .seconds(2))
    await store.receive(.tick) { $0.count = 2 }
    await store.receive(.tick) { $0.count = 3 }
    await store.send(.stopTimer)
    await store.advance(by: .seconds(10))
    await store.finish()

    XCTAssertEqual(warnings.messages, [])
    XCTAssertEqual(store.clock.now, TestClock<Duration>.Instant(offset: .seconds(16)))
  }

  // MARK: - Runtime warnings and release

  func testRuntimeWarningInTheReducerGoesToTheReporter() async {
    struct Parent: Reducer {
      enum State: Equatable { case counting(Int), idle }
      enum Action: Equatable { case counting(Child), stop }
      enum Child: Equatable { case increment, decrement }
      var body: some ReducerOf<Self> {
        Scope(state: /State.counting, action: /Action.counting) {
          Reduce<Int, Child> { count, action in
            count += action == .increment ? 1 : -1
            return .none
          }
        }
        Reduce { state, action in
          if action == .stop { state = .idle }
          return .none
        }
      }
    }
    let warnings = Warnings()
    let store = TestStore(
      initialState: Parent.State.counting(0), reducer: { Parent() },
      reporter: warnings.reporter)

    await store.send(.counting(.increment)) { $0 = .counting(1) }
    await store.send(.stop) { $0 = .idle }
    XCTAssertEqual(warnings.messages, [])
    await store.send(.counting(.increment))
    await store.finish()

    XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
    XCTAssertTrue(
      warnings.messages.first?.contains(
        "received a child action when child state was set to a different case") == true,
      "\(warnings.messages)")
  }

  func testReleasingWithARunningEffectFails() async {
    let warnings = Warnings()
    let line = #line + 1
    var store: TestStoreOf<Feature>? = makeStore(warnings)
    await store?.send(.sleepForever)
    XCTAssertEqual(warnings.messages, [])

    store = nil

    XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
    XCTAssertTrue(
      warnings.messages.first?.hasPrefix("An effect returned for this action is still running")
        == true,
      "\(warnings.messages)")
    XCTAssertTrue(warnings.messages.first?.contains(".sleepForever") == true)
    XCTAssertEqual(warnings.locations.first??.line, UInt(line), "reported where it was created")
  }

  func testReleasingAFinishedStoreDoesNotFail() async {
    let warnings = Warnings()
    var store: TestStoreOf<Feature>? = makeStore(warnings)
    await store?.send(.sleepForever)
    await store?.skipInFlightEffects()
    await store?.finish()
    store = nil
    XCTAssertEqual(warnings.messages, [])
  }

  // MARK: - TCA 1.25's test store: dismissal at the root, dependencies between sends,
  // exhaustivity for a stretch

  /// A feature tested on its own that dismisses itself.
  struct Closing: Reducer {
    struct State: Equatable { var saved = false }
    enum Action: Equatable { case save }
    @Dependency(\.dismiss) var dismiss
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.saved = true
      return .run { _ in await dismiss() }
    }
  }

  func testAFeatureThatDismissesItselfAtTheRootIsDismissed() async {
    let warnings = Warnings()
    let store = TestStore(
      initialState: Closing.State(), reducer: { Closing() }, reporter: warnings.reporter)
    XCTAssertFalse(store.isDismissed)
    await store.send(.save) { $0.saved = true }
    await store.finish()
    XCTAssertTrue(store.isDismissed)
    XCTAssertEqual(warnings.messages, [])
  }

  /// A feature that reads the date when it saves.
  struct Stamping: Reducer {
    struct State: Equatable { var stamps: [Date] = [] }
    enum Action: Equatable { case stamp }
    @Dependency(\.date.now) var now
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.stamps.append(now)
      return .none
    }
  }

  func testDependenciesSetBetweenSendsApplyToTheNextSend() async {
    let warnings = Warnings()
    let first = Date(timeIntervalSince1970: 1)
    let second = Date(timeIntervalSince1970: 2)
    let store = TestStore(
      initialState: Stamping.State(), reducer: { Stamping() },
      withDependencies: { $0.date = .constant(first) }, reporter: warnings.reporter)
    await store.send(.stamp) { $0.stamps = [first] }
    store.dependencies.date = .constant(second)
    XCTAssertEqual(store.dependencies.date.now, second)
    await store.send(.stamp) { $0.stamps = [first, second] }
    XCTAssertEqual(warnings.messages, [])
  }

  func testWithExhaustivityOffSkipsForAStretchOnly() async {
    let warnings = Warnings()
    let store = makeStore(warnings)
    await store.withExhaustivity(.off) {
      await store.send(.incrementAndRename) { $0.count = 1 }
      await store.send(.increment)
    }
    XCTAssertEqual(store.exhaustivity, .on)
    XCTAssertEqual(warnings.messages, [], "nothing was checked exhaustively inside")
    await store.send(.increment)
    XCTAssertEqual(warnings.messages.count, 1, "outside, an unasserted change fails")
  }
}
