// ExploreCommand: its options, the errors for bad ones, and the replay line with the seed.

import NavScript
import XCTest

@testable import NavKit

final class ExploreCommandTests: XCTestCase {
  func testOptionsAreRead() throws {
    let invocation = try ExploreCommand.parse([
      "inbox", "--steps", "50", "--depth", "3", "--seed", "9", "--strategy", "dfs",
      "--time-step", "0.5", "--invariants", "inv.lua", "--out", "dir", "--output", "json",
      "--restarts", "4", "--time-limit", "90",
    ])
    XCTAssertEqual(invocation.feature, "inbox")
    XCTAssertEqual(invocation.options.steps, 50)
    XCTAssertEqual(invocation.options.depth, 3)
    XCTAssertEqual(invocation.options.seed, 9)
    XCTAssertEqual(invocation.options.strategy, .dfs)
    XCTAssertEqual(invocation.options.timeStep, .milliseconds(500))
    XCTAssertEqual(invocation.options.invariantsFile, "inv.lua")
    XCTAssertEqual(invocation.directory, "dir")
    XCTAssertTrue(invocation.json)
    XCTAssertTrue(invocation.seedGiven)
    XCTAssertEqual(invocation.options.restartLimit, 4)
    XCTAssertEqual(invocation.options.timeLimit, .seconds(90))
    // The restart budget is part of the walk; the time left is not (each child gets its own).
    XCTAssertTrue(ExploreCommand.walkArguments(invocation).contains("--restarts"))
    XCTAssertFalse(ExploreCommand.walkArguments(invocation).contains("--time-limit"))
    XCTAssertTrue(ExploreCommand.replayCommand(invocation).contains(" --seed 9 --strategy dfs"))
  }

  func testBadOptionsAreUsageErrors() {
    for (arguments, message) in [
      (["inbox", "--frobnicate"], "unknown option '--frobnicate'"),
      (["inbox", "--strategy", "sideways"], "unknown strategy 'sideways'"),
      (["inbox", "--steps", "-1"], "--steps needs a whole number"),
      (["inbox", "--seed"], "--seed needs a value"),
      ([], "name the feature to explore"),
      (["a", "b"], "explore takes one feature, got 2"),
      (["inbox", "--output", "yaml"], "unknown output 'yaml'"),
      (["inbox", "--step-timeout", "0"], "--step-timeout needs seconds above 0"),
      (["inbox", "--time-limit", "soon"], "--time-limit needs seconds from 0"),
      (["inbox", "--restarts", "many"], "--restarts needs a whole number"),
    ] {
      XCTAssertThrowsError(try ExploreCommand.parse(arguments)) { error in
        XCTAssertTrue(
          (error as? UsageError)?.message.contains(message) == true, "\(arguments): \(error)")
      }
    }
  }

  func testAnUnknownFeatureExitsWithAUsageError() {
    let host = HostCommandLine(features: [], defaultCommand: nil)
    XCTAssertEqual(host.run(["explore", "nope"]), 2)
    XCTAssertEqual(host.run(["explore", "--help"]), 0)
  }

  func testAShardIsReadFromTheCommandLineOrTheEngine() throws {
    let invocation = try ExploreCommand.parse(["app", "--seed", "7", "--shard", "2/3"])
    XCTAssertEqual(invocation.options.shard, ExploreShard(index: 2, count: 3))
    XCTAssertTrue(
      ExploreCommand.walkArguments(invocation).joined(separator: " ").contains("--shard 2/3"))
    let circle = try ExploreCommand.parse(
      ["app", "--seed", "7", "--shard", "auto"],
      environment: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "4"])
    XCTAssertEqual(circle.options.shard, ExploreShard(index: 1, count: 4))
    XCTAssertEqual(circle.shard?.source, "CircleCI (CIRCLE_NODE_INDEX=0, CIRCLE_NODE_TOTAL=4)")
    let kubernetes = try ExploreCommand.parse(
      ["app", "--seed", "7", "--shard", "auto", "--shard-total", "2"],
      environment: ["JOB_COMPLETION_INDEX": "1"])
    XCTAssertEqual(kubernetes.options.shard, ExploreShard(index: 2, count: 2))
    // The worker is given its shard as --shard K/N, not by the variables it inherits.
    let gitlab = try ExploreCommand.parse(
      ["app", "--seed", "7"], environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"])
    XCTAssertEqual(gitlab.options.shard, ExploreShard(index: 2, count: 4))
    let worker = try ExploreCommand.parse(
      ["app", "--seed", "7", "--worker"],
      environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"])
    XCTAssertNil(worker.options.shard)
    // One shard of one is the whole walk.
    XCTAssertNil(try ExploreCommand.parse(["app", "--shard", "1/1"]).options.shard)
  }

  func testAShardedWalkNeedsASeedAndBreadthFirst() {
    for arguments in [
      ["app", "--shard", "1/2"], ["app", "--seed", "7", "--shard", "1/2", "--strategy", "dfs"],
      ["app", "--seed", "7", "--shard", "auto"], ["app", "--seed", "7", "--shard-total", "0"],
    ] {
      XCTAssertThrowsError(try ExploreCommand.parse(arguments), "\(arguments)") { error in
        XCTAssertFalse((error as? UsageError)?.message.isEmpty ?? true)
      }
    }
  }
}
