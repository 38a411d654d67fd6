// CIShard: each CI engine's variables choose a shard, counted as the engine counts (Bazel's and
// GitLab's without --shard, every engine's with --shard auto); a Kubernetes Job's total comes
// from the command line or NAVD_SHARD_TOTAL; bad ones are refused.

import XCTest

@testable import NavKit

final class CIShardTests: XCTestCase {
  private func chosen(
    _ environment: [String: String], option: String? = nil, total: Int? = nil
  ) throws -> String? {
    try CIShard.choose(option: option, total: total, environment: environment)?.fraction
  }

  func testEachEngineNamesTheShardAsItCounts() throws {
    let engines: [(String, [String: String])] = [
      ("1/3", ["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "3"]),
      ("1/3", ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"]),
      ("3/3", ["JOB_COMPLETION_INDEX": "2", "NAVD_SHARD_TOTAL": "3"]),
      ("2/3", ["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "3"]),
      ("3/3", ["BUILDKITE_PARALLEL_JOB": "2", "BUILDKITE_PARALLEL_JOB_COUNT": "3"]),
      ("2/3", ["SYSTEM_JOBPOSITIONINPHASE": "2", "SYSTEM_TOTALJOBSINPHASE": "3"]),
    ]
    for (expected, environment) in engines {
      XCTAssertEqual(try chosen(environment, option: "auto"), expected, "\(environment)")
    }
    // Without --shard, Bazel's and GitLab's alone: the others may have split already.
    XCTAssertEqual(try engines.map { try chosen($0.1) }, ["1/3", "1/3", nil, nil, nil, nil])
    XCTAssertNil(try chosen([:]))
    XCTAssertNil(try chosen(["CI_NODE_INDEX": "2"]), "an index without its total is no shard")
    XCTAssertNil(
      try chosen(["JOB_COMPLETION_INDEX": "2"]), "a pod of an Indexed Job, not asked to shard")
  }

  func testAKubernetesJobTakesItsTotalFromTheCommandLineFirst() throws {
    XCTAssertEqual(try chosen(["JOB_COMPLETION_INDEX": "0"], option: "auto", total: 4), "1/4")
    XCTAssertEqual(
      try chosen(
        ["JOB_COMPLETION_INDEX": "1", "NAVD_SHARD_TOTAL": "9"], option: "auto", total: 2), "2/2")
    XCTAssertThrowsError(try chosen(["JOB_COMPLETION_INDEX": "1"], option: "auto")) { error in
      let message = (error as? UsageError)?.message ?? ""
      XCTAssertTrue(message.contains("--shard-total N or set NAVD_SHARD_TOTAL"), message)
    }
    XCTAssertThrowsError(try chosen(["JOB_COMPLETION_INDEX": "3"], option: "auto", total: 3)) {
      error in
      let message = (error as? UsageError)?.message ?? ""
      XCTAssertTrue(message.contains("counts from 0"), message)
    }
  }

  func testAutoSaysWhichEngineItFound() throws {
    let shard = try CIShard.choose(
      option: "auto", total: nil,
      environment: ["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "2"])
    XCTAssertEqual(shard?.fraction, "1/2")
    XCTAssertEqual(
      shard?.source, "Buildkite (BUILDKITE_PARALLEL_JOB=0, BUILDKITE_PARALLEL_JOB_COUNT=2)")
    XCTAssertThrowsError(try chosen([:], option: "auto")) { error in
      let message = (error as? UsageError)?.message ?? ""
      XCTAssertTrue(message.contains("found no CI engine's shard variables"), message)
      XCTAssertTrue(message.contains("JOB_COMPLETION_INDEX"), message)
    }
  }

  func testTheCommandLineWinsOverTheEngine() throws {
    let environment = ["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "3"]
    XCTAssertEqual(try chosen(environment, option: "1/2"), "1/2")
    XCTAssertEqual(
      try CIShard.choose(option: "1/2", total: nil, environment: environment)?.source, "--shard")
    // Bazel's come before the others when a job somehow has two engines' variables.
    XCTAssertEqual(
      try chosen(
        environment.merging(["TEST_SHARD_INDEX": "3", "TEST_TOTAL_SHARDS": "4"]) { $1 },
        option: "auto"),
      "4/4")
    // A total on the command line that the engine's own contradicts is refused.
    XCTAssertThrowsError(try chosen(environment, option: "auto", total: 4))
  }

  func testBadShardsAreRefused() {
    for (option, total, environment) in [
      ("0/3", nil, [:]), ("4/3", nil, [:]), ("1/0", nil, [:]), ("1-3", nil, [:]),
      ("2/3", 4, [:]), ("auto", nil, ["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "3"]),
      ("auto", nil, ["SYSTEM_JOBPOSITIONINPHASE": "0", "SYSTEM_TOTALJOBSINPHASE": "3"]),
      ("auto", nil, ["BUILDKITE_PARALLEL_JOB": "x", "BUILDKITE_PARALLEL_JOB_COUNT": "3"]),
      (nil, nil, ["TEST_SHARD_INDEX": "3", "TEST_TOTAL_SHARDS": "3"]),
    ] as [(String?, Int?, [String: String])] {
      XCTAssertThrowsError(
        try CIShard.choose(option: option, total: total, environment: environment),
        "\(option ?? "-") \(total ?? 0) \(environment)")
    }
  }

  func testTestReadsEveryEngine() throws {
    let options = try TestCommand.parse(
      ["scenarios", "--shard", "auto", "--shard-total", "3"],
      environment: ["JOB_COMPLETION_INDEX": "2"])
    XCTAssertEqual(options.shard.map { [$0.index, $0.count] }, [3, 3])
    let circle = try TestCommand.parse(
      ["scenarios", "--shard", "auto"],
      environment: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "2"])
    XCTAssertEqual(circle.shard.map { [$0.index, $0.count] }, [1, 2])
    // Without --shard auto, a CircleCI job whose files were split already runs them all.
    let split = try TestCommand.parse(
      ["scenarios"], environment: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "2"])
    XCTAssertNil(split.shard.map { [$0.index, $0.count] })
  }
}
