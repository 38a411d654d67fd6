import CaseStudies
import Composable

// Navigation actions through the case studies' real reducers: an element action down
// `NavigationDemo`'s stack, and a presented child's action through `MultipleDestinations`'
// `Destination`, each as `Store.send` against calling the same reducer directly.

/// The navigation figures, with the throughput of stack element actions.
enum NavigationBenchmark {
  /// The acceptable ratio of `Store.send` to a direct `reduce(into:action:)`.
  static let goal = 30.0
  /// The stack element actions per second a store must sustain.
  static let throughputGoal = 1_000_000.0
  /// The name of the stack figure, whose throughput is reported.
  static let stackFigureName = "NavigationDemo stack element action, 3 screens deep"

  /// Times the figures whose names `including` accepts and returns them.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    [
      stackFigure(settings: settings, including: including),
      presentedFigure(settings: settings, including: including),
    ].compactMap { $0 }
  }

  /// Sends `.path(.element(id: #0, action: .screenA(.incrementButtonTapped)))` to a store whose
  /// stack holds Screen A, B and C.
  private static func stackFigure(
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

  /// Sends `.destination(.presented(.sheet(.incrementButtonTapped)))` to a store presenting a
  /// counter in a sheet.
  private static func presentedFigure(
    settings: MeasureSettings, including: (String) -> Bool
  ) -> Figure? {
    let name = "MultipleDestinations presented sheet action"
    guard including(name) else { return nil }
    let store = Store(
      initialState: MultipleDestinations.State(destination: .sheet(Counter.State()))
    ) {
      MultipleDestinations()
    }
    let action = MultipleDestinations.Action.destination(.presented(.sheet(.incrementButtonTapped)))
    let count: (MultipleDestinations.State) -> Int = { state in
      guard case .sheet(let counter) = state.destination else { return -1 }
      return counter.count
    }
    return compareStoreSend(
      name, store: store, reducer: MultipleDestinations(), action: action, count: count,
      goal: goal, settings: settings)
  }
}
