// The root of the tree that `Store.send, middle state an enum` sends through.

import Composable

/// The root feature over the enum middle feature.
struct EnumRootFeature: Reducer {
  /// The root state: the middle feature and a flag.
  struct State: Equatable {
    var a = ScreenAEnumFeature.State.b(ScreenBFeature.State())
    var isLoading = false
  }

  /// The root actions: the middle feature's, and its own.
  enum Action {
    case a(ScreenAEnumFeature.Action)
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
    Scope(state: \.a, action: /Action.a) { ScreenAEnumFeature() }
  }
}
