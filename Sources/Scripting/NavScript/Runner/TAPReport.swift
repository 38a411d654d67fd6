// Test Anything Protocol output for `navctl test --output tap`.

import NavHosting

/// Renders results as TAP version 13: a plan, one `ok`/`not ok` line per scenario, and failure
/// details as a YAML block.
enum TAPReport {
  static func render(_ results: [ScenarioResult]) -> String {
    var lines = ["TAP version 13", "1..\(results.count)"]
    for (offset, result) in results.enumerated() {
      let number = offset + 1
      let name = result.fullName.replacingHash()
      switch result.status {
      case .passed:
        lines.append("ok \(number) - \(name)")
      case .pending:
        lines.append("ok \(number) - \(name) # SKIP pending")
      case .failed:
        lines.append("not ok \(number) - \(name)")
        lines.append("  ---")
        lines.append("  at: \"\(result.file):\(result.line)\"")
        lines.append("  message: |")
        for line in result.message.split(separator: "\n", omittingEmptySubsequences: false) {
          lines.append("    " + line)
        }
        if !result.actionLog.isEmpty {
          lines.append("  actions: |")
          for line in result.actionLog.split(separator: "\n") { lines.append("    " + line) }
        }
        lines.append("  ...")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The name with `#` escaped, as TAP reads `#` as the start of a directive.
  fileprivate func replacingHash() -> String {
    var result = ""
    for character in self {
      if character == "#" { result += "\\#" } else { result.append(character) }
    }
    return result
  }
}
