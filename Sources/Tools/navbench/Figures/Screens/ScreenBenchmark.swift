// The screen figure: a tap on the frontmost screen, rendered from the store's state, against the
// Store.send that tap causes.

// What a headless screen costs a script or a client per step: render the navigation tree of
// NavigationDemo three screens deep from the store's state, find the control by its label on
// the frontmost screen (Screen A's "plus"), run its closure and send what it sent, against
// sending the same action straight to the store.

/// The screen figure, and its goal per tap.
enum ScreenBenchmark {
  /// The figure's name.
  static let tapFigureName = "tap on NavigationDemo's frontmost screen, 3 screens deep"
  /// The most a tap (render, find, send) may take, in nanoseconds.
  static let tapGoalNanoseconds = 50_000.0
  /// The list figure's name.
  static let listTapFigureName = "tap on a row of a 100-row list of row stores, hosted"

  /// Times the figures whose names `including` accepts and returns them.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    [
      tapFigure(settings: settings, including: including),
      listTapFigure(settings: settings, including: including),
    ].compactMap { $0 }
  }
}
