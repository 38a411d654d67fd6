import ComposableTesting
import Testing

/// A feature whose state changes, for failing assertions on purpose.
private struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

@Suite(.composable)
struct SwiftTestingReporterTests {
  @Test func aMismatchedAssertionIsRecordedAsAnIssue() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("A state change does not match expectation") }
    }
  }

  @Test func aRuntimeWarningInAStoreIsRecordedAsAnIssue() async {
    await withKnownIssue {
      let store = Store(initialState: 0) {
        Reduce<Int, Counter.Action> { _, _ in
          .run { _ in
            struct Failure: Error {}
            throw Failure()
          }
        }
      }
      await store.send(.increment).finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("threw an unhandled error") }
    }
  }

  @Test func aWarningWithNoPlaceOfItsOwnIsRecordedWithoutTrapping() async {
    // A dismissal from an effect of a store that presents nothing has no file and line: Swift
    // Testing traps on a location that is not `Module/File.swift`, so the reporter names none.
    // (A plain store: a test store takes a dismissal at its root as the feature's own.)
    await withKnownIssue {
      let store = Store(initialState: Counter.State()) {
        Reduce<Counter.State, Counter.Action> { _, _ in
          .run { _ in
            @Dependency(\.dismiss) var dismiss
            await dismiss()
          }
        }
      }
      await store.send(.increment).finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("couldn't be dismissed") }
    }
  }

  @Test func aPassingTestRecordsNothing() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
    #expect(store.state.count == 1)
  }
}
