// ExploreCheckpoint: the report and graph a walk writes as it goes, so that a walk killed
// before its end (a CI job's timeout, an evicted pod) leaves what it found readable.

import Foundation
import NavScript

/// Writes a walk's report (`DIR/report.json`, `"ended": "interrupted"`) and graph
/// (`DIR/graph.json`) every ``interval`` or more, each by a rename, so a reader never sees half
/// a file.
///
/// A checkpoint of a large graph takes a while (the root app's 2,000 screens, some 100 ms), so
/// the next one waits ``costShare`` times as long as the last took, when that is longer: the
/// checkpoints cost at most about 2% of the walk.
struct ExploreCheckpoint {
  /// How often a checkpoint is written, at most.
  static let interval: Duration = .seconds(2)
  /// How many times a checkpoint's own time passes before the next.
  static let costShare = 50

  let directory: String
  private var due = ContinuousClock.now + Self.interval

  /// Checkpoints of a walk writing into `directory`.
  init(directory: String) { self.directory = directory }

  /// Writes `explorer`'s checkpoint when one is due.
  ///
  /// Call it between steps: from the walk's progress event.
  mutating func write(_ explorer: Explorer) {
    let started = ContinuousClock.now
    guard started >= due else { return }
    defer {
      let now = ContinuousClock.now
      due = now + max(Self.interval, (now - started) * Self.costShare)
    }
    guard let (checkpoint, graph) = try? explorer.checkpoint() else { return }
    var report = checkpoint
    report.build = BuildIdentity.current
    do {
      // The graph first: a report read beside it always has its graph.
      try graph.write(in: directory)
      try report.writeJSON(in: directory)
    } catch {
      // A checkpoint is a courtesy: the walk goes on, and its end writes the files again.
    }
  }

  /// Writes the graph at a walk's end.
  static func writeGraph(_ graph: ScreenGraphRecord, in directory: String) {
    do {
      try graph.write(in: directory)
    } catch {
      standardError("\(Program.name) explore: \(error)")
    }
  }

  /// Removes the report and graph an earlier walk left in `directory`.
  static func clear(_ directory: String) {
    for name in [ExploreReport.fileName, ScreenGraphRecord.fileName] {
      try? FileManager.default.removeItem(atPath: directory + "/" + name)
    }
  }
}
