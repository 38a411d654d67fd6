// The seed's `ScreenB` (000_250009d61a67d5d9.txt, "전체코드"):
// its text with only the import changed (`import Composable` for `import ComposableArchitecture`).
// scripts/check-seeds checks it.

import Composable

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
