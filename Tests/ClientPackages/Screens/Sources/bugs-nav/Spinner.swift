// A counter whose "Spin forever" never returns, planted: `explore --step-timeout` kills the walk
// it hangs and reports the step as a crash.

import ComposableArchitecture

@Reducer
struct Spinner {
  @ObservableState
  struct State: Equatable {
    var turns = 0
  }

  enum Action {
    case spinForeverButtonTapped
    case turnButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .spinForeverButtonTapped:
        // planted: a loop whose condition always holds
        while state.turns >= 0 { state.turns = (state.turns &+ 1) & 0xFFFF }
        return .none
      case .turnButtonTapped:
        state.turns += 1
        return .none
      }
    }
  }
}
