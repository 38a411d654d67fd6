// ExploreCheckpoint: the report and graph a walk writes as it goes, so that a walk killed
// before its end (a CI job's timeout, an evicted pod) leaves what it found readable.

import Foundation
import NavScript

/// Writes a walk's report (`DIR/report.json`, `"ended": "interrupted"`) and graph
/// (`DIR/graph.json`) every ``interval``, each by a rename, so a reader never sees half a file.
struct ExploreCheckpoint {
  /// How often a checkpoint is written.
  static let interval: Duration = .seconds(2)

  let directory: String
  private var due = ContinuousClock.now + Self.interval

  /// Checkpoints of a walk writing into `directory`.
  init(directory: String) { self.directory = directory }

  /// Writes `explorer`'s checkpoint when one is due.
  ///
  /// Call it between steps: from the walk's progress event.
  mutating func write(_ explorer: Explorer) {
    let now = ContinuousClock.now
    guard now >= due else { return }
    due = now + Self.interval
    guard let (checkpoint, graph) = try? explorer.checkpoint() else { return }
    var report = checkpoint
    report.build = BuildIdentity.current
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try graph.json.write(to: URL(fileURLWithPath: directory + "/graph.json"), options: .atomic)
      try Data((report.json + "\n").utf8).write(
        to: URL(fileURLWithPath: directory + "/report.json"), options: .atomic)
    } catch {
      // A checkpoint is a courtesy: the walk goes on, and its end writes the files again.
    }
  }

  /// Writes the graph at a walk's end.
  static func writeGraph(_ graph: ScreenGraphRecord, in directory: String) {
    let path = directory + "/graph.json"
    do {
      try graph.json.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      standardError("\(Program.name) explore: cannot write \(path): \(error)")
    }
  }

  /// Removes the report and graph an earlier walk left in `directory`.
  static func clear(_ directory: String) {
    for name in ["report.json", "graph.json"] {
      try? FileManager.default.removeItem(atPath: directory + "/" + name)
    }
  }
}
