// ExploreMergeCommand: `HOST explore merge REPORT…` — one report, graph and set of repros from
// the reports a sharded walk's shards wrote.

import Foundation
import NavScript
import NavValue

/// `HOST explore merge REPORT… [--out DIR] [--output FORMAT]`.
enum ExploreMergeCommand {
  /// Exit status when a shard is missing or did not finish: the rest was merged and written.
  static let incomplete: Int32 = 4

  /// Runs the command; returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    var sources: [String] = []
    var directory = "explore-merged"
    var json = false
    var rest = arguments[...]
    do throws(UsageError) {
      while let argument = rest.popFirst() {
        switch argument {
        case "--out":
          guard let value = rest.popFirst() else {
            throw UsageError(message: "--out needs a value")
          }
          directory = value
        case "--output", "-o":
          guard let name = rest.popFirst(), name == "text" || name == "json" else {
            throw UsageError(message: "--output needs text or json")
          }
          json = name == "json"
        default:
          if argument.hasPrefix("-") { throw UsageError(message: "unknown option '\(argument)'") }
          sources.append(argument)
        }
      }
      guard !sources.isEmpty else {
        throw UsageError(message: "name the shards' reports to merge (their directories)")
      }
    } catch {
      standardError(
        "\(Program.name) explore merge: \(error.message)\n"
          + "Run \(Program.name) explore --help for usage.")
      return 2
    }
    let merged: ExploreReport
    let graph: ScreenGraphRecord
    do {
      var parts: [ExploreMerge.Part] = []
      for source in sources {
        guard let part = try read(source) else {
          // A glob's directory of a shard that never reported (killed before its first
          // checkpoint, or cleared by a retry): the merge counts its shard as missing.
          standardError(
            "\(Program.name) explore merge: \(source) holds no report.json: its shard is counted "
              + "as missing")
          continue
        }
        parts.append(part)
      }
      (merged, graph) = try ExploreMerge.merge(parts)
    } catch {
      standardError("\(Program.name) explore merge: \(error)")
      return ExploreCommand.couldNotRun
    }
    let walk = merged.walk!
    var invocation = ExploreCommand.Invocation()
    invocation.feature = merged.feature
    invocation.options = walk.options
    // One walk takes all the shards' steps and more: a budget of one shard's would stop it
    // short of the graph they walked together.
    invocation.options.steps = max(walk.steps, merged.steps * 2)
    // The unsharded walk: it walks the same graph.
    let replay = ExploreCommand.replayCommand(invocation)
    let report: ExploreReport
    do {
      ExploreCheckpoint.clear(directory)
      report = try merged.written(to: directory, command: replay, options: walk.options)
    } catch {
      standardError("\(Program.name) explore merge: \(error)")
      return ExploreCommand.couldNotRun
    }
    ExploreCheckpoint.writeGraph(graph, in: directory)
    _ = ExploreCommand.publish(report, in: directory, replay: replay, json: json)
    let summary = report.merged!
    for index in summary.missing {
      standardError(
        "\(Program.name) explore merge: shard \(index)/\(summary.count) is missing: no report of "
          + "it was given, so the screens under its part of the frontier are not in this report")
    }
    for index in summary.partial {
      standardError(
        "\(Program.name) explore merge: shard \(index)/\(summary.count) did not finish: its "
          + "report is the last checkpoint it wrote (was it killed?)")
    }
    for warning in summary.warnings {
      standardError("\(Program.name) explore merge: warning: \(warning)")
    }
    if !summary.missing.isEmpty || !summary.partial.isEmpty { return incomplete }
    return report.findings.isEmpty ? 0 : 1
  }

  /// A shard's report and graph from its directory, or from its `report.json` with
  /// `graph.json` beside it; `nil` for a directory with no report.
  private static func read(_ source: String) throws(NavError) -> ExploreMerge.Part? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
      throw NavError("\(source) does not exist")
    }
    guard isDirectory.boolValue else { return try ExploreMerge.Part(reading: source) }
    let report = source + "/" + ExploreReport.fileName
    guard FileManager.default.fileExists(atPath: report) else { return nil }
    return try ExploreMerge.Part(reading: report)
  }
}
