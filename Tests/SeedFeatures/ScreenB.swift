// The seed's `ScreenB` feature (000_250009d61a67d5d9.txt, "전체코드"), copied with only the
// import changed and the SwiftUI view dropped.

import Composable

// MARK: - Screen B
// Screen B implements no navigation of its own: the parent feature intercepts its actions and
// pushes the next screen.

struct ScreenB: Reducer {
  struct State: Codable, Equatable, Hashable {}

  enum Action: Equatable {
    case screenAButtonTapped
    case screenBButtonTapped
    case screenCButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .screenAButtonTapped:

      return .none
    case .screenBButtonTapped:
      return .none
    case .screenCButtonTapped:
      return .none
    }
  }
}
