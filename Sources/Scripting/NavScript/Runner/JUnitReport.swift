// JUnit XML for `navctl test --output junit` and `--junit FILE`.

import NavHosting

/// Renders results as JUnit XML: one `<testsuite>` per scenario file, one `<testcase>` per `it`.
enum JUnitReport {
  static func render(_ results: [ScenarioResult], seconds: Double) -> String {
    var files: [String] = []
    var byFile: [String: [ScenarioResult]] = [:]
    for result in results {
      if byFile[result.file] == nil { files.append(result.file) }
      byFile[result.file, default: []].append(result)
    }
    let failures = results.filter { $0.status == .failed }.count
    let skipped = results.filter { $0.status == .pending }.count
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml +=
      #"<testsuites name="navd scenarios" tests="\#(results.count)" failures="\#(failures)" "#
      + #"errors="0" skipped="\#(skipped)" time="\#(format(seconds))">"# + "\n"
    for file in files {
      let cases = byFile[file]!
      let fileFailures = cases.filter { $0.status == .failed }.count
      let fileSkipped = cases.filter { $0.status == .pending }.count
      let time = cases.reduce(0) { $0 + $1.seconds }
      xml +=
        #"  <testsuite name="\#(escape(file))" tests="\#(cases.count)" "#
        + #"failures="\#(fileFailures)" errors="0" skipped="\#(fileSkipped)" "#
        + #"time="\#(format(time))">"# + "\n"
      for result in cases {
        let className = escape(file.replacingSuffix(".lua"))
        xml +=
          #"    <testcase classname="\#(className)" name="\#(escape(result.fullName))" "#
          + #"file="\#(escape(result.file))" line="\#(result.line)" time="\#(format(result.seconds))""#
        switch result.status {
        case .passed:
          xml += "/>\n"
        case .pending:
          xml += ">\n      <skipped message=\"pending\"/>\n    </testcase>\n"
        case .failed:
          let firstLine = result.message.split(separator: "\n").first.map(String.init) ?? ""
          xml += ">\n"
          xml +=
            #"      <failure message="\#(escape(firstLine))" type="failure">"#
            + escape(result.message) + "</failure>\n"
          // What the scenario sent, where CI shows a test case's output.
          if !result.actionLog.isEmpty {
            xml += "      <system-out>" + escape(result.actionLog) + "</system-out>\n"
          }
          xml += "    </testcase>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    xml += "</testsuites>\n"
    return xml
  }

  private static func format(_ seconds: Double) -> String {
    String(Double(Int((seconds * 1000).rounded())) / 1000)
  }

  /// Escapes text for XML attributes and content, dropping characters XML 1.0 cannot hold.
  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}

extension String {
  fileprivate func replacingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
