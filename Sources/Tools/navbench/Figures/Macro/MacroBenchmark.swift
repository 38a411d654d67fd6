// The macro-era figures: their goals, and the case key path, stack and mutation figures in order.

// The macro-era API's costs, each against what it replaces, in the same run:
//
// - a case key path's extraction (resolved once, as the operators resolve theirs) against the
//   `switch` the macro generates inside it, on a hit and on a miss;
// - a stack element action through the macro-era `NavigationDemo` (`ModernNavigationDemo`:
//   `@Reducer`, `@ObservableState`, `@Reducer enum Path`, case key paths) against the same
//   action through the 1.0–1.3 `NavigationDemo`, both reduced directly;
// - one mutation of an `@ObservableState` struct against the same mutation of a plain struct.

/// The macro-era figures.
enum MacroBenchmark {
  /// The goals: extraction 1.5× a `switch`; the macro-era stack action 3× the 1.0–1.3 one; an
  /// observable mutation 2× a plain one.
  static let extractionGoal = 1.5
  static let stackGoal = 3.0
  static let mutationGoal = 2.0

  /// Times the figures whose names `including` accepts and returns them.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    extractionFigures(settings: settings, including: including)
      + [
        stackFigure(settings: settings, including: including),
        mutationFigure(settings: settings, including: including),
      ].compactMap { $0 }
  }
}
