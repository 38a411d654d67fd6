// The explore figures: the explorer's steps on NavigationDemo against a screen tap, and the time
// to walk the root app's whole graph to depth 6.

// A step of the explorer is a tap and more: choose the next use, reach its screen (through a
// known route or a relaunch and replay), render the new screen once, encode its state,
// de-duplicate it and check it. The floor is what a tap alone costs: render, find, send.

/// The explore figures, and their goal.
enum ExploreBenchmark {
  /// The steps figure's name.
  static let stepsFigureName = "explore step on NavigationDemo, breadth first"
  /// The fixture steps figure's name.
  static let fixtureStepsFigureName = "explore step on the Roster fixture (row stores, lifecycle)"
  /// The most an explore step may take, in nanoseconds: 20,000 steps per second.
  static let stepGoalNanoseconds = 50_000.0

  /// Times the figures whose names `including` accepts and returns them.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    [
      stepsFigure(settings: settings, including: including),
      fixtureStepsFigure(settings: settings, including: including),
      shardsFigure(settings: settings, including: including),
    ].compactMap { $0 }
  }
}
