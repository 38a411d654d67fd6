// ExploreShard: N shards of a walk, merged, walk the graph one walk walks — the root app and the
// planted dial — each taking part of it; the frontier is dealt by digest; checkpoints say so.

import Composable
import Foundation
import NavValue
import XCTest

@testable import NavHosting
@testable import NavScript

final class ExploreShardTests: XCTestCase {
  /// One walk of `feature` to `depth`, with no step budget; its report and graph.
  private func walk(
    _ feature: ScriptFeature, depth: Int, shard: ExploreShard? = nil, invariants: String? = nil
  ) throws -> ExploreMerge.Part {
    var options = ExploreOptions()
    options.seed = 7
    options.depth = depth
    options.steps = .max
    options.shard = shard
    options.invariantsFile = invariants
    let explorer = try Explorer(feature: feature, options: options)
    let report = try explorer.run()
    return ExploreMerge.Part(
      report: report, graph: explorer.graphRecord, source: shard.map { "shard \($0)" } ?? "whole")
  }

  /// The graph's screens, and its edges by screen and use key: what two walks must share.
  private func shape(_ graph: ScreenGraphRecord) -> (Set<String>, [String]) {
    let edges = graph.screens.flatMap { screen in
      zip(screen.keys, screen.edges).compactMap { key, edge in
        edge.map { "\(screen.id) \(key) → \($0)" }
      }
    }
    return (Set(graph.screens.map(\.id)), edges.sorted())
  }

  private func app() -> ScriptFeature { caseStudyFeatures.first { $0.name == "app" }! }

  func testThreeShardsOfTheRootAppWalkTheGraphOfOneWalk() throws {
    let whole = try walk(app(), depth: 4)
    XCTAssertTrue(whole.report.complete)
    let parts = try (1...3).map {
      try walk(app(), depth: 4, shard: ExploreShard(index: $0, count: 3))
    }
    let (merged, graph) = try ExploreMerge.merge(parts)

    let (screens, edges) = shape(graph)
    let (wholeScreens, wholeEdges) = shape(whole.graph)
    XCTAssertEqual(screens, wholeScreens)
    XCTAssertEqual(edges, wholeEdges)
    XCTAssertEqual(merged.screens, whole.report.screens)
    XCTAssertEqual(merged.transitions, whole.report.transitions)
    XCTAssertEqual(merged.places, whole.report.places)
    XCTAssertEqual(Set(merged.controls.used), Set(whole.report.controls.used))
    XCTAssertEqual(merged.findings, whole.report.findings)
    XCTAssertTrue(merged.complete)
    XCTAssertEqual(merged.ended, .complete)
    XCTAssertEqual(merged.merged?.missing, [])
    XCTAssertEqual(merged.merged?.warnings, [])

    // Every shard dealt the same frontier, and each took its own part of it.
    let splits = parts.map(\.report.shard!)
    XCTAssertEqual(Set(splits.map(\.splitDepth)).count, 1, "\(splits)")
    XCTAssertEqual(Set(splits.map(\.frontierDigest)).count, 1, "the same screens dealt")
    XCTAssertEqual(splits.map(\.owned).reduce(0, +), splits[0].frontier)
    XCTAssertNotNil(splits[0].splitDepth)
    for part in parts {
      XCTAssertTrue(part.report.complete, "shard \(part.report.shard!.index) ended its part")
      XCTAssertLessThan(part.report.steps, whole.report.steps)
      XCTAssertLessThan(part.report.screens, whole.report.screens)
    }
  }

  func testShardsOfThePlantedDialFindWhatOneWalkFinds() throws {
    let invariants = try dialInvariants(self)
    let whole = try walk(plantedDial, depth: 4, invariants: invariants)
    let parts = try (1...3).map {
      try walk(
        plantedDial, depth: 4, shard: ExploreShard(index: $0, count: 3), invariants: invariants)
    }
    let (merged, graph) = try ExploreMerge.merge(parts)
    func found(_ report: ExploreReport) -> [String] {
      report.findings.map { "\($0.kind.rawValue): \($0.match) in \($0.steps.count) steps" }.sorted()
    }
    XCTAssertEqual(found(merged), found(whole.report))
    XCTAssertEqual(
      Set(merged.findings.map(\.kind)), [.runtimeWarning, .deadEnd, .leakedEffect, .invariant])
    XCTAssertEqual(shape(graph).0, shape(whole.graph).0)
    XCTAssertEqual(shape(graph).1, shape(whole.graph).1)
  }

  func testTheFrontierIsDealtByPlaceAndDigestWhateverTheOrderItWasFoundIn() {
    let digests = (0..<50).map { String(format: "%032x", $0 &* 2_654_435_761) }
    // Two places: 30 screens of a stack, 20 of a sheet.
    let places = (0..<50).map { $0 % 5 < 3 ? "stack" : "sheet" }
    var dealt: [Set<String>] = []
    for index in 1...3 {
      let shard = ExploreShard(index: index, count: 3)
      let owned = shard.owns(frontier: digests, places: places)
      XCTAssertEqual(
        owned, shard.owns(frontier: digests.reversed(), places: places.reversed()),
        "the order found is no matter")
      XCTAssertTrue((16...17).contains(owned.count), "\(owned.count) of 50")
      // Each shard a like share of each place.
      let stacks = owned.count { digest in places[digests.firstIndex(of: digest)!] == "stack" }
      XCTAssertTrue((9...11).contains(stacks), "\(stacks) of the 30 stack screens")
      dealt.append(owned)
    }
    XCTAssertEqual(dealt.reduce(Set(), { $0.union($1) }), Set(digests), "every screen dealt")
    XCTAssertEqual(dealt.map(\.count).reduce(0, +), 50, "and to one shard each")
  }

  func testTheDigestIsTheSameInEveryProcess() {
    // Swift's hashValue changes from process to process; the digest must not. The value is
    // the FNV-1a lanes' of this key, computed once: a change to it splits shards of two builds
    // differently, and must be deliberate.
    let key = ExploreNodeKey(
      state: .object(["count": .integer(3), "path": .array([.string("a"), .null])]),
      shape: "root \"Counter\"|button:plus")
    XCTAssertEqual(key.digest.count, 32)
    XCTAssertEqual(key.digest, "62a7836f67d4b6285d2d3ff941e277bd")
    let other = ExploreNodeKey(
      state: .object(["count": .integer(4), "path": .array([.string("a"), .null])]),
      shape: "root \"Counter\"|button:plus")
    XCTAssertNotEqual(key.digest, other.digest)
    // An object's fields in any order are one state: the digest does not hang on a
    // dictionary's order, which differs from one process to the next.
    let fields = (0..<40).map { ("field\($0)", DataValue.integer($0)) }
    let forward = ExploreNodeKey(
      state: .object(Dictionary(uniqueKeysWithValues: fields)), shape: "s")
    let backward = ExploreNodeKey(
      state: .object(Dictionary(uniqueKeysWithValues: fields.reversed())), shape: "s")
    XCTAssertEqual(forward.digest, backward.digest)
    // Fields swapped between keys are another state.
    let swapped = ExploreNodeKey(
      state: .object(["a": .integer(1), "b": .integer(2)]), shape: "s")
    let unswapped = ExploreNodeKey(
      state: .object(["a": .integer(2), "b": .integer(1)]), shape: "s")
    XCTAssertNotEqual(swapped.digest, unswapped.digest)
  }

  func testAShardedWalkIsBreadthFirst() throws {
    var options = ExploreOptions()
    options.shard = ExploreShard(index: 1, count: 2)
    options.strategy = .dfs
    XCTAssertThrowsError(try Explorer(feature: app(), options: options)) { error in
      XCTAssertTrue("\(error)".contains("breadth first"), "\(error)")
    }
  }

  func testACheckpointIsAReportOfAWalkThatDidNotEnd() throws {
    var options = ExploreOptions()
    options.seed = 7
    options.depth = 3
    var checkpoints: [ExploreReport] = []
    var explorer: Explorer?
    explorer = try Explorer(feature: app(), options: options) { event in
      guard case .progress(let figures) = event, let explorer else { return }
      XCTAssertGreaterThan(figures.screens, 0)
      if let (report, graph) = try? explorer.checkpoint() {
        XCTAssertEqual(graph.screens.count, report.screens)
        checkpoints.append(report)
      }
    }
    let report = try explorer!.run()
    // The walk tells its progress at least once, as it ends.
    let last = try XCTUnwrap(checkpoints.last)
    XCTAssertEqual(last.ended, .interrupted)
    XCTAssertFalse(last.complete)
    XCTAssertEqual(last.screens, report.screens)
    XCTAssertEqual(report.frontier, 0)
    XCTAssertEqual(report.walk, ExploreReport.Walk(options: options))
    XCTAssertNotNil(report.timing)
  }
}
