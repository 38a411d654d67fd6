// Machine-readable results for `navctl test --output json`.

import Foundation
import NavHosting

/// Renders results as one JSON document: `{ "summary": …, "scenarios": [ … ] }`.
enum JSONReport {
  static func render(_ results: [ScenarioResult], seconds: Double) -> String {
    let scenarios: [[String: Any]] = results.map { result in
      [
        "name": result.name, "full_name": result.fullName, "file": result.file,
        "line": result.line, "status": result.status.rawValue, "seconds": result.seconds,
        "message": result.message, "actions": result.actionLog,
      ]
    }
    let document: [String: Any] = [
      "summary": [
        "total": results.count,
        "passed": results.filter { $0.status == .passed }.count,
        "failed": results.filter { $0.status == .failed }.count,
        "pending": results.filter { $0.status == .pending }.count,
        "seconds": seconds,
      ],
      "scenarios": scenarios,
    ]
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
