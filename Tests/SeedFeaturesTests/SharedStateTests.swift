import ComposableTesting
import XCTest

final class SharedStateTests: ComposableTestCase {
  func testIncrementThenResetThroughTheProfile() async {
    let store = TestStore(initialState: SharedState.State()) {
      SharedState()
    }

    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 1
      $0.counter.maxCount = 1
      $0.counter.numberOfCounts = 1
    }
    await store.send(.selectTab(.profile)) {
      $0.currentTab = .profile
    }
    XCTAssertEqual(store.state.profile.count, 1)
    await store.send(.profile(.resetCounterButtonTapped)) {
      $0.currentTab = .counter
      $0.counter.count = 0
      $0.counter.maxCount = 0
      $0.counter.numberOfCounts = 0
    }
    await store.finish()
  }

  func testIsPrimeShowsAnAlert() async {
    let store = TestStore(initialState: SharedState.State()) {
      SharedState()
    }

    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 1
      $0.counter.maxCount = 1
      $0.counter.numberOfCounts = 1
    }
    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 2
      $0.counter.maxCount = 2
      $0.counter.numberOfCounts = 2
    }
    await store.send(.counter(.isPrimeButtonTapped)) {
      $0.counter.alert = AlertState { TextState("👍 The number 2 is prime!") }
    }
    await store.send(.counter(.alert(.dismiss))) {
      $0.counter.alert = nil
    }
    await store.finish()
  }
}
