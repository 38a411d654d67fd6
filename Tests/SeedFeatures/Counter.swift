// The seed's `Counter` feature (000_250009d61a67d5d9.txt, "프로젝트를 실습하기 위한 준비 코드"),
// copied with only the import changed and the SwiftUI view dropped.

import Composable

// MARK: - Feature domain

struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case decrementButtonTapped
    case incrementButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      return .none
    case .incrementButtonTapped:
      state.count += 1
      return .none
    }
  }
}
