import ComposableTesting
import XCTest

final class ScreenCTests: ComposableTestCase {
  func testTimerTicksThenStopIsSentAgainAfterCancellation() async {
    let store = TestStore(initialState: ScreenC.State()) {
      ScreenC()
    }

    await store.send(.startButtonTapped) { $0.isTimerRunning = true }
    await store.advance(by: .seconds(3))
    await store.receive(.timerTick) { $0.count = 1 }
    await store.receive(.timerTick) { $0.count = 2 }
    await store.receive(.timerTick) { $0.count = 3 }
    await store.send(.stopButtonTapped) { $0.isTimerRunning = false }
    // Cancelling the timer completes the cancellable part, so `concatenate(with:)` sends
    // `.stopButtonTapped` once more; it changes nothing.
    await store.receive(.stopButtonTapped)
    await store.finish()
    XCTAssertEqual(store.state, ScreenC.State(count: 3, isTimerRunning: false))
  }

  func testTimerDoesNotTickBeforeItsInterval() async {
    let store = TestStore(initialState: ScreenC.State()) {
      ScreenC()
    }

    await store.send(.startButtonTapped) { $0.isTimerRunning = true }
    await store.advance(by: .milliseconds(999))
    XCTAssertTrue(store.receivedActions.isEmpty)
    await store.advance(by: .milliseconds(1))
    await store.receive(.timerTick) { $0.count = 1 }
    await store.send(.stopButtonTapped) { $0.isTimerRunning = false }
    await store.receive(.stopButtonTapped)
    await store.finish()
  }

  func testStartThenStopLeavesNoRunningEffect() async {
    let store = TestStore(initialState: ScreenC.State()) {
      ScreenC()
    }

    await store.send(.startButtonTapped) { $0.isTimerRunning = true }
    XCTAssertEqual(store.inFlightEffects.count, 1)
    XCTAssertEqual(store.clock.sleeperCount, 1)
    await store.send(.stopButtonTapped) { $0.isTimerRunning = false }
    await store.receive(.stopButtonTapped)
    await store.finish()

    XCTAssertEqual(store.inFlightEffects, [])
    XCTAssertEqual(store.clock.sleeperCount, 0, "the timer still sleeps on the clock")
    // Time passing after the stop delivers no tick.
    await store.advance(by: .seconds(10))
    XCTAssertTrue(store.receivedActions.isEmpty)
    XCTAssertEqual(store.state, ScreenC.State(count: 0, isTimerRunning: false))
  }

  /// The same as ``testStartThenStopLeavesNoRunningEffect()`` written as a TCA test would be,
  /// with the stop sent straight after the start.
  func testStopRightAfterStartCancelsTheTimer() async {
    let store = TestStore(initialState: ScreenC.State()) {
      ScreenC()
    }

    await store.send(.startButtonTapped) { $0.isTimerRunning = true }
    await store.send(.stopButtonTapped) { $0.isTimerRunning = false }
    await store.receive(.stopButtonTapped)
    await store.finish()
    XCTAssertEqual(store.clock.sleeperCount, 0, "the timer still sleeps on the clock")
  }

  func testForgettingToReceiveATickIsReported() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: ScreenC.State(),
      reducer: { ScreenC() },
      reporter: log.reporter
    )

    await store.send(.startButtonTapped) { $0.isTimerRunning = true }
    await store.advance(by: .seconds(1))
    // The test forgets `await store.receive(.timerTick) { $0.count = 1 }`.
    await store.send(.stopButtonTapped) { $0.isTimerRunning = false }

    XCTAssertEqual(log.messages.count, 2, "\(log.messages)")
    let unhandled = log.messages.first ?? ""
    XCTAssertTrue(
      unhandled.hasPrefix("Must handle 1 received action before sending an action"), unhandled)
    XCTAssertTrue(unhandled.contains("Unhandled actions:\n  .timerTick"), unhandled)
    // The tick's change is not in the expected state, so the stop's assertion fails too.
    let mismatch = log.messages.last ?? ""
    XCTAssertTrue(mismatch.hasPrefix("A state change does not match expectation"), mismatch)
    XCTAssertTrue(mismatch.contains("\u{2212}   count: 0,"), mismatch)
    XCTAssertTrue(mismatch.contains("+   count: 1,"), mismatch)

    await store.skipReceivedActions()
    await store.finish()
    XCTAssertEqual(log.messages.count, 2, "\(log.messages)")
  }
}
