// Compiled by both client packages (Swift5, Swift6) through a symlink, so the same test runs in
// both language modes against the seeds' reducers built outside the main package.

import ComposableTesting
import XCTest

@testable import SeedFeatures

final class SeedsCompileTests: ComposableTestCase {
  func testCounterRunsInAStore() {
    let store = Store(initialState: Counter.State()) {
      Counter()
    }

    store.send(.incrementButtonTapped)
    store.send(.incrementButtonTapped)
    store.send(.decrementButtonTapped)
    XCTAssertEqual(store.state, Counter.State(count: 1))
  }

  func testScreenCTicksOnceThenStops() async {
    let store = TestStore(initialState: ScreenC.State()) {
      ScreenC()
    }

    await store.send(.startButtonTapped) { $0.isTimerRunning = true }
    await store.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.count = 1 }
    await store.send(.stopButtonTapped) { $0.isTimerRunning = false }
    await store.receive(.stopButtonTapped)
    await store.finish()
    XCTAssertEqual(store.clock.sleeperCount, 0)
  }

  func testNavigationDemoPushesABCAndPopsToRoot() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path.append(.screenA())
      $0.path.append(.screenB())
      $0.path.append(.screenC())
    }
    await store.send(.popToRoot) { $0.path.removeAll() }
    await store.finish()
  }
}
