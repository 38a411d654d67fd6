// ExploreOutput: the files an exploration leaves in its directory — a repro spec per finding
// and the screen graph.

import Foundation
import NavValue

extension ExploreReport {
  /// Writes `DIR/KIND-N_spec.lua` for each finding and `DIR/graph.dot`, creating `directory`;
  /// returns the report with each finding's `repro` set.
  ///
  /// - Parameters:
  ///   - directory: Where the files go.
  ///   - command: How to run the exploration again, for the specs' comments.
  ///   - options: The options the walk ran with (time step, invariants file).
  public func written(to directory: String, command: String, options: ExploreOptions)
    throws(NavError) -> ExploreReport
  {
    var report = self
    let manager = FileManager.default
    do {
      try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
      // Repros of an earlier run would be run with these by `HOST test DIR`.
      for name in try manager.contentsOfDirectory(atPath: directory)
      where name.hasSuffix("_spec.lua") {
        try manager.removeItem(atPath: directory + "/" + name)
      }
      var numbers: [ExploreFinding.Kind: Int] = [:]
      for index in report.findings.indices {
        let kind = report.findings[index].kind
        numbers[kind, default: 0] += 1
        let name = "\(kind.rawValue)-\(numbers[kind]!)"
        let path = directory + "/" + name + "_spec.lua"
        let spec = ReproSpec(
          finding: report.findings[index], feature: feature, command: command, options: options,
          name: name)
        try spec.text.write(toFile: path, atomically: true, encoding: .utf8)
        report.findings[index].repro = path
      }
      try graph.write(toFile: directory + "/graph.dot", atomically: true, encoding: .utf8)
    } catch {
      throw NavError("cannot write the exploration's files in \(directory): \(error)")
    }
    return report
  }
}

extension ExploreReport {
  /// The report's file in a walk's directory.
  public static let fileName = "report.json"

  /// Writes the report's JSON to `DIR/report.json`, creating `directory`, by a rename: a
  /// reader (a merge, a walk's own next checkpoint) never sees half a file.
  public func writeJSON(in directory: String) throws(NavError) {
    let path = directory + "/" + Self.fileName
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try Data((json + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw NavError("cannot write \(path): \(error)")
    }
  }
}

extension ScreenGraphRecord {
  /// The graph's file in a walk's directory, beside its report.
  public static let fileName = "graph.json"

  /// Writes the graph to `DIR/graph.json`, creating `directory`, by a rename.
  public func write(in directory: String) throws(NavError) {
    let path = directory + "/" + Self.fileName
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try json.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw NavError("cannot write \(path): \(error)")
    }
  }
}

extension ExploreMerge.Part {
  /// A walk's report, read from `reportPath`, and its graph, from the `graph.json` beside it.
  public init(reading reportPath: String) throws(NavError) {
    let directory = (reportPath as NSString).deletingLastPathComponent
    let graphPath = (directory.isEmpty ? "." : directory) + "/" + ScreenGraphRecord.fileName
    func decode<Value: Decodable>(
      _ type: Value.Type, _ path: String, _ kind: String, _ hint: String
    ) throws(NavError) -> Value {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw NavError("\(path) cannot be read (\(hint))")
      }
      do {
        return try JSONDecoder().decode(type, from: data)
      } catch {
        throw NavError("\(path) is not a navd explore \(kind): \(error)")
      }
    }
    self.init(
      report: try decode(
        ExploreReport.self, reportPath, "report",
        "a shard that never wrote one is missing: leave it out, and the merge says so"),
      graph: try decode(
        ScreenGraphRecord.self, graphPath, "graph", "navd explore writes it beside report.json"),
      source: reportPath)
  }
}
