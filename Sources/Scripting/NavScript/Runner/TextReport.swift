// The human report of `navctl test`: failures in full, then a summary.

import NavHosting

/// Renders results for a person at a terminal.
enum TextReport {
  static func render(_ results: [ScenarioResult], seconds: Double) -> String {
    var text = ""
    let failed = results.filter { $0.status == .failed }
    if !failed.isEmpty {
      text += "\nFailures:\n"
      for result in failed {
        text += "\n✗ \(result.fullName)\n  \(result.file):\(result.line)\n"
        text += result.message.split(separator: "\n", omittingEmptySubsequences: false)
          .map { "    " + $0 }.joined(separator: "\n")
        text += "\n"
        if !result.actionLog.isEmpty {
          text += "\n"
          text += result.actionLog.split(separator: "\n", omittingEmptySubsequences: true)
            .map { "    " + $0 }.joined(separator: "\n")
          text += "\n"
        }
      }
    }
    let passed = results.filter { $0.status == .passed }.count
    let pending = results.filter { $0.status == .pending }.count
    text += "\n\(passed) passed, \(failed.count) failed, \(pending) pending "
    text += "(\(results.count) scenario\(results.count == 1 ? "" : "s") in "
    text += "\(String(Double(Int(seconds * 100)) / 100)) s)\n"
    return text
  }
}
