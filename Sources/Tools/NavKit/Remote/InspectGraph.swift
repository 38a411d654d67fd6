// InspectGraph: the screen graph the inspector's page shows, drawn by running this host's own
// `explore` in a child process (a reducer that traps ends the child, not the inspector).

import Foundation
import NavHosting
import NavInspector
import NavProtocol
import NavValue

/// Draws a feature's screen graph for the inspector.
enum InspectGraph {
  /// How deep the page's walk goes, and its budgets: enough for a case study's whole graph in a
  /// few seconds, bounded for a real app's.
  static let depth = 4
  static let steps = 1_500
  static let timeLimit = 60

  /// Walks `feature` with `HOST explore` and reads its graph and routes.
  @Sendable static func draw(_ feature: String) throws -> ScreenGraphPicture {
    let directory =
      FileManager.default.temporaryDirectory.path + "/navd-inspect-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let process = Process()
    process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = [
      "explore", feature, "--depth", "\(depth)", "--steps", "\(steps)", "--time-limit",
      "\(timeLimit)", "--out", directory, "--output", "json",
      // The whole graph, even when the inspector runs in a CI job whose variables name a
      // shard.
      "--shard", "1/1",
    ]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // 0: nothing found; 1: findings, which the graph shows too.
    guard process.terminationStatus <= 1 else {
      throw NavError(
        "explore \(feature) exited with status \(process.terminationStatus): "
          + String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard let svg = try? String(contentsOfFile: directory + "/graph.svg", encoding: .utf8) else {
      throw NavError(
        "no graph.svg: Graphviz's dot is needed to draw the graph (apt install graphviz)")
    }
    let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/report.json"))
    let report = try JSONDecoder().decode(ExploreReport.self, from: data)
    let routes = report.routes.map { route -> JSONValue in
      .object([
        "node": .string(route.node), "title": .string(route.title),
        "steps": .array(route.steps.map(step)),
      ])
    }
    return ScreenGraphPicture(
      svg: svg, routes: .array(routes),
      summary: "\(report.screens) screens at \(report.places) places in \(report.steps) steps, "
        + "depth \(report.depth): \(report.ended.sentence)")
  }

  /// A route's step as the page takes it: `{use, label?, index?, text?, description}`.
  private static func step(_ description: String) -> JSONValue {
    var object: JSONObject = ["description": .string(description)]
    switch ExploreStep(parsing: description) {
    case .tap(let label, let index)?:
      object["use"] = "tap"
      object["label"] = .string(label)
      if let index { object["index"] = .integer(index) }
    case .type(let text, let field)?:
      object["use"] = "type"
      object["label"] = .string(field)
      object["text"] = .string(text)
    case .back?: object["use"] = "back"
    case .increment?: object["use"] = "increment"
    case .decrement?: object["use"] = "decrement"
    case .delete?: object["use"] = "delete"
    case .refresh?: object["use"] = "refresh"
    case nil: object["use"] = "unknown"
    }
    return .object(object)
  }
}
