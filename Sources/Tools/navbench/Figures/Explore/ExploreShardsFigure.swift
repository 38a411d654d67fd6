// The root app's whole graph to depth 6 walked by 1 process, against 2 shard processes at once,
// and the merge of the shards' reports.

import Foundation
import NavHosting
import NavTransport
import NavScript

// Each side is real processes: this program again, with `--explore-shard K/N DIR DEPTH`, walks
// the root app (seed 7, no step budget) as one shard and writes its report.json and graph.json,
// as `navctl explore --shard` does. The unsharded side is one such process (1/1); the sharded
// side starts 1/2 and 2/2 at once and waits for both. On a 2-core machine the ideal is 0.5×:
// what is above it is the prefix every shard walks, the subtrees two shards both walk, and
// the processes' start. The merge is timed apart, on the two shards' files.

extension ExploreBenchmark {
  /// The sharded walk's figure's name.
  static let shardsFigureName = "explore the root app to depth 6, 2 shard processes at once"
  /// The most 2 shards may take against 1 process: 0.6×.
  static let shardsGoal = 0.6
  /// The hidden option a shard process is started with.
  static let shardOption = "--explore-shard"

  /// What the run printed about the sharded walk besides the table.
  nonisolated(unsafe) static var shardReport: [String] = []

  /// Walks the root app as shard `text` (`K/N`) to `depth` and writes its files in `directory`;
  /// exits.
  static func runShard(_ text: String, directory: String, depth: Int) -> Never {
    let parts = text.split(separator: "/").compactMap { Int($0) }
    guard parts.count == 2,
      let feature = ScriptFeature.caseStudies.first(where: { $0.name == "app" })
    else { exit(2) }
    var options = ExploreOptions()
    options.seed = 7
    options.depth = depth
    options.steps = .max
    if parts[1] > 1 { options.shard = ExploreShard(index: parts[0], count: parts[1]) }
    do {
      let explorer = try Explorer(feature: feature, options: options)
      let report = try explorer.run()
      try explorer.graphRecord.write(in: directory)
      try report.writeJSON(in: directory)
      exit(report.complete ? 0 : 1)
    } catch {
      FileHandle.standardError.write(Data("navbench: \(error)\n".utf8))
      exit(1)
    }
  }

  /// Times 1 process against 2 shard processes at once, in interleaved rounds, and the merge.
  static func shardsFigure(settings: MeasureSettings, including: (String) -> Bool) -> Figure? {
    guard including(shardsFigureName) else { return nil }
    let quick = settings.batches < MeasureSettings.full.batches
    let depth = quick ? 4 : 6
    let rounds = quick ? 1 : 3
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var whole: [Double] = []
    var sharded: [Double] = []
    for round in 0..<rounds {
      // Alternating which goes first: a burst of load falls on both.
      for side in round % 2 == 0 ? [1, 2] : [2, 1] {
        let started = monotonicNanoseconds()
        let shards = (1...side).map { index in
          start(["\(index)/\(side)", "\(directory)/\(side)-\(index)", "\(depth)"])
        }
        for shard in shards {
          shard.waitUntilExit()
          precondition(shard.terminationStatus == 0, "a shard's walk completed")
        }
        let elapsed = Double(monotonicNanoseconds() &- started)
        if side == 1 { whole.append(elapsed) } else { sharded.append(elapsed) }
      }
    }
    // The merge: read both shards' files, join them, draw the graph.
    var merges: [Double] = []
    var screens = 0
    for _ in 0..<(quick ? 1 : 5) {
      let started = monotonicNanoseconds()
      let parts = (1...2).map { index in read("\(directory)/2-\(index)") }
      guard let (merged, _) = try? ExploreMerge.merge(parts) else {
        preconditionFailure("the shards' reports merge")
      }
      merges.append(Double(monotonicNanoseconds() &- started))
      screens = merged.screens
    }
    let unsharded = read("\(directory)/1-1").report
    precondition(screens == unsharded.screens, "the merge has the unsharded walk's screens")
    let pairedRatios = zip(sharded, whole).map { $0 / $1 }
    let figure = Figure(
      name: shardsFigureName, floorName: "1 process (unsharded)", measured: median(sharded),
      floor: median(whole), goal: shardsGoal,
      pairedRange: pairedRatios.min()!...pairedRatios.max()!)
    shardReport.append(
      "Explore in shards: the root app to depth \(depth) (\(unsharded.screens) screens, "
        + "\(unsharded.steps) steps) in \(formatted(median(sharded) / 1e9, digits: 2)) s with 2 "
        + "shard processes at once, against \(formatted(median(whole) / 1e9, digits: 2)) s in one "
        + "(\(formatted(figure.ratio, digits: 2))×, goal ≤ \(formatted(shardsGoal, digits: 1))×: "
        + "\(figure.ratio <= shardsGoal ? "yes" : "NO")); merging the 2 reports "
        + "\(formatted(median(merges) / 1e6, digits: 1)) ms (read, join, draw)")
    return figure
  }

  /// This program, started as one shard's walk.
  private static func start(_ arguments: [String]) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = [shardOption] + arguments
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      preconditionFailure("a shard process starts: \(error)")
    }
    return process
  }

  /// A shard's report and graph, as `explore merge` reads them.
  private static func read(_ directory: String) -> ExploreMerge.Part {
    do {
      return try ExploreMerge.Part(reading: directory + "/" + ExploreReport.fileName)
    } catch {
      preconditionFailure("\(directory): \(error)")
    }
  }
}
