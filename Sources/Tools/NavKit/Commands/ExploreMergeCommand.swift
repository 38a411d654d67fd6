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
    let rendered = ExploreCommand.renderGraph(in: directory)
    ExploreCommand.writeJSON(report, in: directory)
    if json {
      print(report.json)
    } else {
      print(report.text(replay: replay))
      print("graph: \(directory)/graph.dot" + (rendered ? ", \(directory)/graph.svg" : ""))
    }
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
    if isDirectory.boolValue,
      !FileManager.default.fileExists(atPath: source + "/report.json")
    {
      return nil
    }
    let directory =
      isDirectory.boolValue ? source : (source as NSString).deletingLastPathComponent
    let reportPath = isDirectory.boolValue ? directory + "/report.json" : source
    let graphPath = (directory.isEmpty ? "." : directory) + "/graph.json"
    func decode<Value: Decodable>(
      _ type: Value.Type, _ path: String, _ kind: String, _ hint: String
    )
      throws(NavError) -> Value
    {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw NavError("\(path) cannot be read (\(hint))")
      }
      do {
        return try JSONDecoder().decode(type, from: data)
      } catch {
        throw NavError("\(path) is not a navd explore \(kind): \(error)")
      }
    }
    let report = try decode(
      ExploreReport.self, reportPath, "report",
      "a shard that never wrote one is missing: leave it out, and the merge says so")
    let graph = try decode(
      ScreenGraphRecord.self, graphPath, "graph", "navd explore writes it beside report.json")
    return ExploreMerge.Part(report: report, graph: graph, source: reportPath)
  }
}
