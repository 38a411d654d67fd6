// TestCommand: the shard a CI engine's variables choose, Bazel's report file, file lists.

import Foundation
import NavScript
import XCTest

@testable import NavKit

final class TestCommandTests: XCTestCase {
  /// The bundled suite, from the package's root.
  private let scenarios = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenarios").path

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
  private func listed(_ environment: [String: String]) throws -> [String] {
    var options = try TestCommand.parse([scenarios, "--list"], environment: environment)
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

/// Lines a runner writes, from any thread.
private final class LockedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""
  var all: String { lock.withLock { text } }
  func append(_ more: String) { lock.withLock { text += more } }
}
