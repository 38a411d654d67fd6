import ComposableTesting
import XCTest

final class CounterTests: ComposableTestCase {
  func testIncrementAndDecrement() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    }

    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
    await store.send(.decrementButtonTapped) { $0.count = 1 }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
    await store.send(.decrementButtonTapped) { $0.count = -1 }
    await store.finish()
  }

  func testStoreCountsOutsideTests() {
    let store = Store(initialState: Counter.State(count: 41)) {
      Counter()
    }

    store.send(.incrementButtonTapped)
    XCTAssertEqual(store.state.count, 42)
    store.send(.decrementButtonTapped)
    store.send(.decrementButtonTapped)
    XCTAssertEqual(store.state.count, 40)
  }

  func testWrongExpectationIsReported() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: Counter.State(),
      reducer: { Counter() },
      reporter: log.reporter
    )

    await store.send(.incrementButtonTapped) { $0.count = 2 }
    await store.finish()

    XCTAssertEqual(log.messages.count, 1)
    let message = log.messages.first ?? ""
    XCTAssertTrue(
      message.hasPrefix("A state change does not match expectation"), message)
    XCTAssertTrue(message.contains("\u{2212}   count: 2"), message)
    XCTAssertTrue(message.contains("+   count: 1"), message)
  }
}
