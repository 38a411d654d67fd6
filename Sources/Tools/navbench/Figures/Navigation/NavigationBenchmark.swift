// The navigation figures: their goal, and the stack figure's name and throughput goal.

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
}
