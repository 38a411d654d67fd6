// NavigationDemo's stack element action, 3 screens deep, as Store.send against a direct reduce.

@testable import CaseStudies
import Composable

extension NavigationBenchmark {
  /// Sends `.path(.element(id: #0, action: .screenA(.incrementButtonTapped)))` to a store whose
  /// stack holds Screen A, B and C.
  static func stackFigure(
    settings: MeasureSettings, including: (String) -> Bool
  ) -> Figure? {
    guard including(stackFigureName) else { return nil }
    let store = Store(initialState: NavigationDemo.State()) { NavigationDemo() }
    store.send(.goToABCButtonTapped)
    precondition(store.state.path.count == 3, "the stack must hold three screens")
    let bottom = store.state.path.ids[0]
    let action = NavigationDemo.Action.path(
      .element(id: bottom, action: .screenA(.incrementButtonTapped)))
    let count: (NavigationDemo.State) -> Int = { state in
      guard case .screenA(let screen) = state.path[id: bottom] else { return -1 }
      return screen.count
    }
    return compareStoreSend(
      stackFigureName, store: store, reducer: NavigationDemo(), action: action, count: count,
      goal: goal, settings: settings)
  }
}
