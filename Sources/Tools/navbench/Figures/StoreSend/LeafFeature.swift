// The innermost feature of the Store.send figures' reducer trees: a counter.

import Composable

/// The innermost feature: a counter.
struct LeafFeature: Reducer {
  /// The counter's state.
  struct State: Equatable {
    var count = 0
  }

  /// The counter's buttons.
  enum Action {
    case increment
    case decrement
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count &+= 1
    case .decrement: state.count &-= 1
    }
    return .none
  }
}
