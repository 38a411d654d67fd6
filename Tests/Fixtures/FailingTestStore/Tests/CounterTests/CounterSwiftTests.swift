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

// MUST FAIL: an effect dismisses with nothing presented, a runtime warning with no file and
// line of its own: recorded as the test's issue (Swift Testing traps on a place that is not
// `Module/File.swift`, so the reporter must not pass "<unknown>" as one).
// (A plain store: a test store takes a dismissal at its root as the feature's own.)
@Test func dismissalWithNothingPresented() async {
  let store = Store(initialState: 0) {
    Reduce<Int, Bool> { _, _ in
      .run { _ in
        @Dependency(\.dismiss) var dismiss
        await dismiss()
      }
    }
  }
  await store.send(true).finish()
}
