@testable import CaseStudies
import ComposableTesting
import XCTest

final class ScreenCTests: ComposableTestCase {
  func testTimerTicksEverySecondUntilStopped() async {
    let store = TestStore(initialState: ScreenC.State()) {
      ScreenC()
    }

    await store.send(.startButtonTapped) { $0.isTimerRunning = true }
    await store.advance(by: .milliseconds(999))
    XCTAssertTrue(store.receivedActions.isEmpty)
    await store.advance(by: .milliseconds(1))
    await store.receive(.timerTick) { $0.count = 1 }
    await store.advance(by: .seconds(2))
    await store.receive(.timerTick) { $0.count = 2 }
    await store.receive(.timerTick) { $0.count = 3 }
    await store.send(.stopButtonTapped) { $0.isTimerRunning = false }
    // The cancelled timer is followed by the stop that `concatenate(with:)` sends.
    await store.receive(.stopButtonTapped)
    await store.advance(by: .seconds(5))
    await store.finish()
    XCTAssertEqual(store.state, ScreenC.State(count: 3, isTimerRunning: false))
    XCTAssertEqual(store.clock.sleeperCount, 0, "the timer still sleeps on the clock")
  }

  func testRestartingTheTimerKeepsCounting() async {
    let store = TestStore(initialState: ScreenC.State(count: 5)) {
      ScreenC()
    }

    await store.send(.startButtonTapped) { $0.isTimerRunning = true }
    await store.send(.stopButtonTapped) { $0.isTimerRunning = false }
    await store.receive(.stopButtonTapped)
    await store.send(.startButtonTapped) { $0.isTimerRunning = true }
    await store.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.count = 6 }
    await store.send(.stopButtonTapped) { $0.isTimerRunning = false }
    await store.receive(.stopButtonTapped)
    await store.finish()
  }
}
