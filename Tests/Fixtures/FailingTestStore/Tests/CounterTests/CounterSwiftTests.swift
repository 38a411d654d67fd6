import ComposableArchitecture
import Counter
import Testing

// MUST FAIL: a plain @Test, no trait, a wrong expectation sent at line 8.
@Test func wrongExpectation() async {
  let store = TestStore(initialState: Counter.State()) { Counter() }
  await store.send(.incrementButtonTapped) {
    $0.count = 42
  }
}
