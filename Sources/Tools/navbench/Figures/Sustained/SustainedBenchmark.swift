// The sustained push/pop figures: their names, goal and order, and the RSS report they keep.

import Foundation

// Sustained use: 100,000 push/pop cycles (`goToABCButtonTapped`, then `popToRoot`) on a
// `navigation` store, in process through a script session on the virtual clock (as
// `navctl test` runs one) and in the daemon over its socket. The floor is the same run's first
// 10,000 cycles: a store whose bookkeeping grows with history takes longer for its last ones.

/// The sustained push/pop figures: the last 10,000 cycles of 100,000 against the first 10,000.
enum SustainedBenchmark {
  /// The largest acceptable ratio of the last cycles' time to the first's.
  static let goal = 1.2
  /// The figures' names.
  static let inProcessFigureName = "push/pop cycle, last 10k of 100k, in process"
  static let daemonFigureName = "push/pop cycle, last 10k of 100k, navd over its socket"
  /// What the sustained runs noticed beside their figures (RSS), printed under the table.
  nonisolated(unsafe) static var report: [String] = []

  /// Times the figures whose names `including` accepts and returns them.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    let isQuick = settings.batchNanoseconds < 10_000_000
    // --quick: a smoke run of the same code, 10,000 cycles, first and last 1,000.
    let (total, window) = isQuick ? (10_000, 1_000) : (100_000, 10_000)
    var figures: [Figure] = []
    if including(inProcessFigureName) {
      figures.append(inProcess(total: total, window: window))
    }
    if including(daemonFigureName) {
      figures.append(daemon(total: total, window: window))
    }
    return figures
  }

  static func mebibytes(_ bytes: Int) -> String {
    String(format: "%.1f MiB", Double(bytes) / 1_048_576)
  }
}
