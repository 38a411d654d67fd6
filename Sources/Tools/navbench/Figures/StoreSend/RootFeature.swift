// The root of the tree that `Store.send, 3 nested key-path Scopes` sends through.

import Composable

/// The root feature over the key-path middle feature.
struct RootFeature: Reducer {
  /// The root state: the middle feature and a flag.
  struct State: Equatable {
    var a = ScreenAFeature.State()
    var isLoading = false
  }

  /// The root actions: the middle feature's, and its own.
  enum Action {
    case a(ScreenAFeature.Action)
    case onAppear
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        state.isLoading = true
        return .none
      case .a:
        return .none
      }
    }
    Scope(state: \.a, action: /Action.a) { ScreenAFeature() }
  }
}
