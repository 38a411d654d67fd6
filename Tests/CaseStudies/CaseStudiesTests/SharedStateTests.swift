@testable import CaseStudies
import ComposableTesting
import XCTest

final class SharedStateTests: ComposableTestCase {
  func testCounterKeepsItsStatistics() async {
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
    await store.send(.counter(.decrementButtonTapped)) {
      $0.counter.count = 1
      $0.counter.numberOfCounts = 3
    }
    await store.send(.counter(.decrementButtonTapped)) {
      $0.counter.count = 0
      $0.counter.numberOfCounts = 4
    }
    await store.send(.counter(.decrementButtonTapped)) {
      $0.counter.count = -1
      $0.counter.minCount = -1
      $0.counter.numberOfCounts = 5
    }
    await store.finish()
  }

  func testProfileIsDerivedFromTheCounter() async {
    let store = TestStore(initialState: SharedState.State()) {
      SharedState()
    }

    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 1
      $0.counter.maxCount = 1
      $0.counter.numberOfCounts = 1
    }
    await store.send(.counter(.decrementButtonTapped)) {
      $0.counter.count = 0
      $0.counter.numberOfCounts = 2
    }
    await store.send(.counter(.decrementButtonTapped)) {
      $0.counter.count = -1
      $0.counter.minCount = -1
      $0.counter.numberOfCounts = 3
    }
    await store.send(.selectTab(.profile)) {
      $0.currentTab = .profile
    }

    let profile = store.state.profile
    XCTAssertEqual(profile.currentTab, .profile)
    XCTAssertEqual(profile.count, -1)
    XCTAssertEqual(profile.maxCount, 1)
    XCTAssertEqual(profile.minCount, -1)
    XCTAssertEqual(profile.numberOfCounts, 3)
    await store.finish()
  }

  func testProfileResetIsVisibleInTheCounterTab() async {
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
    await store.send(.selectTab(.profile)) {
      $0.currentTab = .profile
    }
    // The profile writes through the derived state's setter: the counter tab's state is reset
    // and the counter tab is selected again.
    await store.send(.profile(.resetCounterButtonTapped)) {
      $0.currentTab = .counter
      $0.counter = SharedState.Counter.State()
    }
    XCTAssertEqual(store.state.counter.count, 0)
    XCTAssertEqual(store.state.counter.numberOfCounts, 0)
    XCTAssertEqual(store.state.profile.count, 0)
    XCTAssertEqual(store.state.profile.currentTab, .counter)

    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 1
      $0.counter.maxCount = 1
      $0.counter.numberOfCounts = 1
    }
    await store.finish()
  }

  func testResetKeepsAPresentedAlert() async {
    let store = TestStore(
      initialState: SharedState.State(counter: SharedState.Counter.State(count: 3, maxCount: 3))
    ) {
      SharedState()
    }

    await store.send(.counter(.isPrimeButtonTapped)) {
      $0.counter.alert = .isPrime(3)
    }
    // The profile's state does not include the alert, so resetting leaves it presented.
    await store.send(.profile(.resetCounterButtonTapped)) {
      $0.counter.count = 0
      $0.counter.maxCount = 0
    }
    await store.send(.counter(.alert(.dismiss))) {
      $0.counter.alert = nil
    }
    await store.finish()
  }

  func testIsPrimeAlert() async {
    let store = TestStore(initialState: SharedState.State()) {
      SharedState()
    }

    for count in 1...3 {
      await store.send(.counter(.incrementButtonTapped)) {
        $0.counter.count = count
        $0.counter.maxCount = count
        $0.counter.numberOfCounts = count
      }
    }
    await store.send(.counter(.isPrimeButtonTapped)) {
      $0.counter.alert = AlertState {
        TextState("👍 The number 3 is prime!")
      }
    }
    XCTAssertEqual(store.state.counter.alert?.buttons, [])
    await store.send(.counter(.alert(.dismiss))) {
      $0.counter.alert = nil
    }

    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 4
      $0.counter.maxCount = 4
      $0.counter.numberOfCounts = 4
    }
    await store.send(.counter(.isPrimeButtonTapped)) {
      $0.counter.alert = AlertState {
        TextState("👎 The number 4 is not prime :(")
      }
    }
    await store.send(.counter(.alert(.dismiss))) {
      $0.counter.alert = nil
    }
    await store.finish()
  }

  func testIsPrimeForSmallAndNegativeNumbers() async {
    let cases: [(Int, Bool)] = [(-7, false), (0, false), (1, false), (2, true), (25, false)]
    for (count, isPrime) in cases {
      let store = TestStore(
        initialState: SharedState.Counter.State(count: count)
      ) {
        SharedState.Counter()
      }
      await store.send(.isPrimeButtonTapped) {
        $0.alert = .isPrime(count, isPrime: isPrime)
      }
      await store.finish()
    }
  }

  func testDismissingAMissingAlertIsARuntimeWarning() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: SharedState.State(),
      reducer: { SharedState() },
      reporter: log.reporter
    )

    await store.send(.counter(.alert(.dismiss)))
    await store.finish()
    XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
  }

  func testSelectTab() async {
    let store = TestStore(initialState: SharedState.State()) {
      SharedState()
    }

    await store.send(.selectTab(.profile)) { $0.currentTab = .profile }
    await store.send(.selectTab(.counter)) { $0.currentTab = .counter }
    await store.finish()
  }
}

extension AlertState where Action == SharedState.Counter.Action.Alert {
  /// The seed's "is prime" alert for `count`.
  fileprivate static func isPrime(_ count: Int, isPrime: Bool = true) -> Self {
    AlertState {
      TextState(
        isPrime
          ? "👍 The number \(count) is prime!"
          : "👎 The number \(count) is not prime :(")
    }
  }
}
