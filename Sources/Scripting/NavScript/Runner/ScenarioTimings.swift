// ScenarioTimings: how long each scenario took in an earlier run, read from its JUnit report, and
// the shards that balance those times.

import Foundation
import NavHosting

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// How long each scenario took in an earlier run, as a JUnit report recorded it: what
/// `--split-by-timings` balances shards by, as CircleCI's `tests split --split-by=timings` does.
///
/// A scenario is looked up by its file and full name (the `file` and `name` attributes of a
/// `<testcase>`, which `navctl test --junit` writes), else by its full name alone when only one
/// file had it, so a report written from another directory still serves.
public struct ScenarioTimings: Sendable {
  /// Seconds by file and full name.
  private var byFileAndName: [String: Double] = [:]
  /// Seconds by full name, for names that only one test case of the report has.
  private var byName: [String: Double] = [:]

  /// How many test cases the report timed.
  public private(set) var count = 0

  /// Reads the `<testcase>` elements of a JUnit XML report.
  ///
  /// Throws a message that says what is wrong when the report is not XML or times no test case.
  public init(junit data: Data) throws(ScenarioTimingsError) {
    let reader = JUnitCaseReader()
    let parser = XMLParser(data: data)
    parser.delegate = reader
    guard parser.parse() else {
      let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "unreadable"
      throw ScenarioTimingsError(
        message: "not a JUnit XML report (line \(parser.lineNumber): \(reason))")
    }
    guard !reader.cases.isEmpty else {
      throw ScenarioTimingsError(message: "the report has no <testcase> with a name and a time")
    }
    var nameCounts: [String: Int] = [:]
    for testCase in reader.cases {
      byFileAndName[Self.key(file: testCase.file, name: testCase.name)] = testCase.seconds
      nameCounts[testCase.name, default: 0] += 1
      byName[testCase.name] = testCase.seconds
    }
    for (name, times) in nameCounts where times > 1 { byName[name] = nil }
    count = reader.cases.count
  }

  /// The seconds recorded for the scenario, or `nil` when the report does not have it.
  public func seconds(file: String, fullName: String) -> Double? {
    byFileAndName[Self.key(file: file, name: fullName)] ?? byName[fullName]
  }

  private static func key(file: String, name: String) -> String {
    lexicalPath(file) + "\u{0}" + name
  }

  /// `path` with its `.` segments and repeated slashes removed, and nothing else: read from the
  /// text alone, never the file system, which would resolve a symbolic link for some spellings
  /// of a path and not for others.
  static func lexicalPath(_ path: String) -> String {
    let segments = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    let joined = segments.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : joined
  }

  /// Returns, for each entry, the shard (0-based, of `count`) that balances the recorded times.
  ///
  /// The longest scenarios are placed first, each on the shard with the least time so far (the
  /// lower index on a tie): the shards' totals then differ by at most the longest scenario. A
  /// scenario the report does not have counts as the mean of those it has. The result depends
  /// only on the entries and the report, so every shard's process computes the same split.
  func shards(of entries: [ScenarioEntry], count: Int) -> [Int] {
    let recorded = entries.map { seconds(file: $0.file, fullName: $0.fullName) }
    let known = recorded.compactMap { $0 }
    let mean = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
    let times = recorded.map { $0 ?? mean }
    let order = entries.indices.sorted { a, b in
      if times[a] != times[b] { return times[a] > times[b] }
      let left = (entries[a].file, entries[a].line, entries[a].fullName, entries[a].occurrence)
      let right = (entries[b].file, entries[b].line, entries[b].fullName, entries[b].occurrence)
      return left < right
    }
    var totals = [Double](repeating: 0, count: count)
    var assignment = [Int](repeating: 0, count: entries.count)
    for index in order {
      let shard = totals.indices.min { totals[$0] < totals[$1] }!
      assignment[index] = shard
      totals[shard] += times[index]
    }
    return assignment
  }
}

/// Why a timings report could not be used.
public struct ScenarioTimingsError: Error, Sendable {
  /// What is wrong, as a sentence fragment.
  public let message: String
}

/// Collects the name, file and time of each `<testcase>` of a JUnit report.
private final class JUnitCaseReader: NSObject, XMLParserDelegate {
  struct Case {
    let file: String
    let name: String
    let seconds: Double
  }

  var cases: [Case] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    guard elementName == "testcase", let name = attributes["name"],
      let seconds = attributes["time"].flatMap(Double.init), seconds.isFinite, seconds >= 0
    else { return }
    // Reports from other runners name the file in `file`, or only in `classname`.
    let file = attributes["file"] ?? attributes["classname"] ?? ""
    cases.append(Case(file: file, name: name, seconds: seconds))
  }
}
