// The screen that holds the counter in both of the Store.send figures' trees.

import Composable

/// A screen that holds the counter, with logic of its own beside it.
struct ScreenBFeature: Reducer {
  /// The screen's state: the counter and a title.
  struct State: Equatable {
    var leaf = LeafFeature.State()
    var title = "Screen B, holding the counter"
  }

  /// The screen's actions: the counter's, and its own.
  enum Action {
    case leaf(LeafFeature.Action)
    case titleChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .titleChanged(let title):
        state.title = title
        return .none
      case .leaf:
        return .none
      }
    }
    Scope(state: \.leaf, action: /Action.leaf) { LeafFeature() }
  }
}
