// The key-path tree's middle feature, with screen B's state in a property.

import Composable

/// The middle feature, with screen B's state in a property (scoped by key path).
struct ScreenAFeature: Reducer {
  /// The middle state: screen B and a flag.
  struct State: Equatable {
    var b = ScreenBFeature.State()
    var isEditing = false
  }

  /// The middle actions: screen B's, and its own.
  enum Action {
    case b(ScreenBFeature.Action)
    case editButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .editButtonTapped:
        state.isEditing.toggle()
        return .none
      case .b:
        return .none
      }
    }
    Scope(state: \.b, action: /Action.b) { ScreenBFeature() }
  }
}
