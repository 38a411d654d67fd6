// NavigationDemo in the macro-era dialect, which the macro-era stack figure sends through.

@testable import CaseStudies
import Composable
import ComposableArchitecture

// `NavigationDemo` in the macro-era dialect, for the benchmark: the same screens (the case
// studies' own ScreenA, ScreenB and ScreenC reducers), with `@Reducer`, `@ObservableState`, an
// `@Reducer enum Path` and case key paths instead of `Scope`s with `/Enum.case` paths.

/// The macro-era `NavigationDemo`: a stack of Screens A, B and C.
@Reducer
struct ModernNavigationDemo {
  @ObservableState
  struct State {
    var path = StackState<Path.State>()
  }

  enum Action {
    case goToABCButtonTapped
    case path(StackActionOf<Path>)
    case popToRoot
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .goToABCButtonTapped:
        state.path.append(.screenA(ScreenA.State()))
        state.path.append(.screenB(ScreenB.State()))
        state.path.append(.screenC(ScreenC.State()))
        return .none
      case .path:
        return .none
      case .popToRoot:
        state.path.removeAll()
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }

  /// The screens the stack can hold.
  @Reducer
  enum Path {
    case screenA(ScreenA)
    case screenB(ScreenB)
    case screenC(ScreenC)
  }
}
