// onChange(of:): the change's reducer runs when the value changed, with the old and new values,
// and not otherwise.

import Composable
import XCTest

final class OnChangeReducerTests: XCTestCase {
  struct Search: Reducer {
    struct State: Equatable {
      var query = ""
      var changes: [String] = []
    }
    enum Action: Equatable {
      case setQuery(String)
      case noop
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .setQuery(let query) = action { state.query = query }
        return .none
      }
      .onChange(of: \.query) { oldValue, newValue in
        Reduce { state, _ in
          state.changes.append("\(oldValue)→\(newValue)")
          return .none
        }
      }
    }
  }

  func testTheChangeReducerRunsOnlyWhenTheValueChanged() async {
    let store = TestStore(initialState: Search.State()) { Search() }
    await store.send(.setQuery("a")) {
      $0.query = "a"
      $0.changes = ["→a"]
    }
    await store.send(.setQuery("a"))
    await store.send(.noop)
    await store.send(.setQuery("ab")) {
      $0.query = "ab"
      $0.changes = ["→a", "a→ab"]
    }
  }
}
