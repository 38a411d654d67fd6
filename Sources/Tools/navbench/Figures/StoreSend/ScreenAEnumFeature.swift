// The enum tree's middle feature, with screen B as one case of a state enum.

import Composable

/// The middle feature, with screen B as one case of a state enum (scoped by case path).
struct ScreenAEnumFeature: Reducer {
  /// The middle state: screen B, or nothing shown.
  enum State: Equatable {
    case b(ScreenBFeature.State)
    case empty
  }

  /// The middle actions: screen B's, and its own.
  enum Action {
    case b(ScreenBFeature.Action)
    case closeButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped:
        state = .empty
        return .none
      case .b:
        return .none
      }
    }
    Scope(state: /State.b, action: /Action.b) { ScreenBFeature() }
  }
}
