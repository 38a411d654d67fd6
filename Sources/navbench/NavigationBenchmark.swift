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
    return compareSend(
      stackFigureName, store: store, reducer: NavigationDemo(), action: action, count: count,
      settings: settings)
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
    return compareSend(
      name, store: store, reducer: MultipleDestinations(), action: action, count: count,
      settings: settings)
  }

  /// Times `action` sent to `store` against `reducer` run directly on a copy of its state,
  /// checking per batch that every action reached the counter.
  private static func compareSend<R: Reducer>(
    _ name: String,
    store: Store<R.State, R.Action>,
    reducer: R,
    action: R.Action,
    count: @escaping (R.State) -> Int,
    settings: MeasureSettings
  ) -> Figure {
    let sent = BenchOperation(label: "Store.send") { n in
      let before = count(store.state)
      for _ in 0..<n { send(action, to: store) }
      let after = count(store.state)
      precondition(after &- before == n, "\(name): \(n) sends moved the count by \(after - before)")
      return after
    }
    var savedState = store.state
    let direct = BenchOperation(label: "direct reduce(into:action:)") { n in
      var state = savedState
      defer { savedState = state }
      let before = count(state)
      for _ in 0..<n { reduceDirectly(reducer, into: &state, action: action) }
      let after = count(state)
      precondition(
        after &- before == n, "\(name): \(n) reduces moved the count by \(after - before)")
      return after
    }
    return compare(name, measured: sent, floor: direct, goal: goal, settings: settings)
  }
}
