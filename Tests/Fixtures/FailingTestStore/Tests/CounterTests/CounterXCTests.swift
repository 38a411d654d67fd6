import ComposableArchitecture
import Counter
import XCTest

// MUST FAIL: a plain XCTestCase, no base class, a wrong expectation sent at line 9.
final class CounterXCTests: XCTestCase {
  func testWrongExpectation() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 42 }
  }
}
