// TestCommand: the shard a CI engine's variables choose, Bazel's report file, file lists.

import Foundation
import NavScript
import XCTest

@testable import NavKit

final class TestCommandTests: XCTestCase {
  /// The bundled suite, from the package's root.
  private let scenarios = URL(fileURLWithPath: #filePath)  // Tests/Tools/NavKitTests/Commands/…
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios")
    .path

  private func shard(_ environment: [String: String]) throws -> [Int]? {
    try TestCommand.parse([scenarios], environment: environment).shard.map { [$0.index, $0.count] }
  }

  func testBazelsZeroBasedIndexAndGitLabsOneBasedIndexNameTheSameShards() throws {
    XCTAssertEqual(try shard(["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "3"]), [1, 3])
    XCTAssertEqual(try shard(["TEST_SHARD_INDEX": "2", "TEST_TOTAL_SHARDS": "3"]), [3, 3])
    XCTAssertEqual(try shard(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"]), [1, 3])
    XCTAssertEqual(try shard(["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"]), [3, 3])
    XCTAssertNil(try shard([:]))
    XCTAssertNil(try shard(["CI_NODE_INDEX": "2"]), "an index without a total is no shard")
  }

  func testAnExplicitShardWinsAndBazelWinsOverGitLab() throws {
    let both = [
      "TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "4", "CI_NODE_INDEX": "3",
      "CI_NODE_TOTAL": "5",
    ]
    XCTAssertEqual(try shard(both), [2, 4])
    let explicit = try TestCommand.parse([scenarios, "--shard", "1/2"], environment: both)
    XCTAssertEqual(explicit.shard.map { [$0.index, $0.count] }, [1, 2])
  }

  func testAnIndexOutsideItsTotalIsAUsageErrorThatSaysWhereItCounts() {
    for environment in [
      ["TEST_SHARD_INDEX": "3", "TEST_TOTAL_SHARDS": "3"],
      ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"],
      ["CI_NODE_INDEX": "x", "CI_NODE_TOTAL": "3"],
    ] {
      XCTAssertThrowsError(try TestCommand.parse([scenarios], environment: environment)) {
        let message = ($0 as? UsageError)?.message ?? ""
        XCTAssertTrue(message.contains("do not name a shard"), message)
      }
    }
  }

  func testBazelsXMLOutputFileIsTheJUnitReportUnlessOneIsGiven() throws {
    let environment = ["XML_OUTPUT_FILE": "/tmp/bazel/test.xml"]
    XCTAssertEqual(
      try TestCommand.parse([scenarios], environment: environment).junitFile, "/tmp/bazel/test.xml")
    XCTAssertEqual(
      try TestCommand.parse([scenarios, "--junit", "mine.xml"], environment: environment)
        .junitFile, "mine.xml")
  }

  func testFilesFromReadsOnePathALine() throws {
    let options = try TestCommand.parse(
      ["--files-from", "-", "extra_spec.lua"],
      readFile: { $0 == "-" ? "a_spec.lua\n\n  b/c_spec.lua  \n" : nil })
    XCTAssertEqual(options.paths, ["a_spec.lua", "b/c_spec.lua", "extra_spec.lua"])
    XCTAssertThrowsError(
      try TestCommand.parse(["--files-from", "nowhere"], readFile: { _ in nil }))
  }

  /// The names a run lists for `environment`'s shard.
  private func listed(_ environment: [String: String], _ arguments: [String] = []) throws
    -> [String]
  {
    let paths = arguments.contains { $0.hasSuffix(".lua") } ? [] : [scenarios]
    var options = try TestCommand.parse(paths + arguments + ["--list"], environment: environment)
    options.progress = false
    let lines = LockedLines()
    XCTAssertEqual(ScenarioRunner(options: options, features: []).run(output: lines.append), 0)
    return lines.all.split(separator: "\n").map(String.init)
  }

  /// Each engine's shards of the bundled suite are disjoint and together are all of it.
  func testEachEnginesShardsAreDisjointAndCoverTheSuite() throws {
    let all = try listed([:])
    XCTAssertGreaterThan(all.count, 50)
    for total in [2, 3, 5] {
      for (indexName, countName, base) in [
        ("TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", 0), ("CI_NODE_INDEX", "CI_NODE_TOTAL", 1),
      ] {
        var seen: [String] = []
        for index in base..<(total + base) {
          let shard = try listed([indexName: "\(index)", countName: "\(total)"])
          XCTAssertFalse(shard.isEmpty, "\(indexName)=\(index) of \(total)")
          seen += shard
        }
        XCTAssertEqual(
          seen.sorted(), all.sorted(),
          "\(countName)=\(total): \(seen.count) of \(all.count); differ: "
            + "\(Set(seen).symmetricDifference(all).sorted().prefix(3))")
      }
    }
  }
}

extension TestCommandTests {
  /// A JUnit report that times every scenario of the bundled suite, with long-tailed times from
  /// a fixed seed, and the times by listed line.
  private func syntheticReport() throws -> (file: String, seconds: [String: Double]) {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var seconds: [String: Double] = [:]
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<testsuite name=\"s\">\n"
    for line in try listed([:]) {
      // "file:line: full name"
      let parts = line.split(separator: ":", maxSplits: 2)
      let file = String(parts[0])
      let name = String(parts[2].dropFirst())
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let uniform = Double(state >> 11) / Double(1 << 53)
      let time = (0.001 / max(uniform, 0.01)).rounded(toPlaces: 6)  // 1 ms to 100 ms
      seconds[line] = time
      let escaped = name.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
      xml += "<testcase classname=\"x\" name=\"\(escaped)\" file=\"\(file)\" time=\"\(time)\"/>\n"
    }
    xml += "</testsuite>\n</testsuites>\n"
    let path = NSTemporaryDirectory() + "navd-timings-\(UUID().uuidString).xml"
    try xml.write(toFile: path, atomically: true, encoding: .utf8)
    return (path, seconds)
  }

  /// `--split-by-timings`: shards that are disjoint, cover the suite, and whose recorded totals
  /// differ by less than the longest scenario.
  func testTimingBalancedShardsAreDisjointCoverTheSuiteAndBalance() throws {
    let all = try listed([:])
    let (report, seconds) = try syntheticReport()
    defer { try? FileManager.default.removeItem(atPath: report) }
    let longest = seconds.values.max()!
    for total in [2, 3, 4] {
      var seen: [String] = []
      var totals: [Double] = []
      for index in 1...total {
        let shard = try listed([:], ["--shard", "\(index)/\(total)", "--split-by-timings", report])
        XCTAssertFalse(shard.isEmpty, "\(index)/\(total)")
        seen += shard
        totals.append(shard.reduce(0) { $0 + seconds[$1]! })
      }
      XCTAssertEqual(seen.count, Set(seen).count, "\(total) shards overlap")
      XCTAssertEqual(seen.sorted(), all.sorted(), "\(total) shards do not cover the suite")
      let spread = totals.max()! - totals.min()!
      XCTAssertLessThan(spread, longest, "totals \(totals) for \(total) shards")
      // Round-robin shards of the same suite are further apart: the split did the balancing.
      var roundRobin: [Double] = []
      for index in 1...total {
        roundRobin.append(
          try listed([:], ["--shard", "\(index)/\(total)"]).reduce(0) { $0 + seconds[$1]! })
      }
      XCTAssertLessThanOrEqual(spread, roundRobin.max()! - roundRobin.min()!)
    }
    // Bazel's variables choose the shard the same way.
    let bazel = try listed(
      ["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2"], ["--split-by-timings", report])
    XCTAssertEqual(bazel, try listed([:], ["--shard", "1/2", "--split-by-timings", report]))
  }

  func testABrokenTimingsReportOrOneWithoutAShardIsAUsageError() throws {
    let junk = NSTemporaryDirectory() + "navd-junk-\(UUID().uuidString).xml"
    try "not <xml".write(toFile: junk, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: junk) }
    for (arguments, expected) in [
      (["--shard", "1/2", "--split-by-timings", junk], "not a JUnit XML report"),
      (
        ["--shard", "1/2", "--split-by-timings", "/nonexistent.xml"],
        "cannot read the timings report"
      ),
    ] {
      XCTAssertThrowsError(try TestCommand.parse([scenarios] + arguments)) {
        let message = ($0 as? UsageError)?.message ?? ""
        XCTAssertTrue(message.contains(expected), message)
      }
    }
    let (report, _) = try syntheticReport()
    defer { try? FileManager.default.removeItem(atPath: report) }
    XCTAssertThrowsError(try TestCommand.parse([scenarios, "--split-by-timings", report])) {
      XCTAssertTrue(($0 as? UsageError)?.message.contains("needs a shard") ?? false)
    }
  }
}

extension Double {
  fileprivate func rounded(toPlaces places: Int) -> Double {
    let scale = pow(10, Double(places))
    return (self * scale).rounded() / scale
  }
}

/// Lines a runner writes, from any thread.
private final class LockedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""
  var all: String { lock.withLock { text } }
  func append(_ more: String) { lock.withLock { text += more } }
}
