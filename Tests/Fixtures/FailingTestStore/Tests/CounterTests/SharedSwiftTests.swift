import ComposableArchitecture
import Counter
import Testing

// MUST FAIL: the shared count becomes 1, the test expects 2: a wrong expectation on a shared
// value fails the test with TCA's line diff.
@MainActor
@Test func wrongSharedExpectation() async {
  let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
  await store.send(.tapped) { $0.$taps.withLock { $0 = 2 } }
}
