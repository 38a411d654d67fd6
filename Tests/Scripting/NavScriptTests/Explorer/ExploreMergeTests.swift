// ExploreMerge: shards of one walk merge into one report; shards of two walks are refused; a
// missing or partial shard is named; findings are kept once, with their fewest steps.

import Foundation
import XCTest

@testable import NavHosting
@testable import NavScript

final class ExploreMergeTests: XCTestCase {
  /// A screen of a made-up graph.
  private func screen(
    _ id: String, depth: Int, uses: [String], edges: [ScreenGraphRecord.Edge?],
    explored: Bool = true, keys: [String]? = nil
  ) -> ScreenGraphRecord.Screen {
    ScreenGraphRecord.Screen(
      id: id, place: "root \"\(id)\"", title: id, depth: depth,
      path: Array(repeating: "back", count: depth), uses: uses, keys: keys ?? uses,
      edges: edges, explored: explored, hasBack: depth > 0, launch: depth == 0,
      controls: uses.map { "\(id) › \($0)" }, findings: [])
  }

  /// Shard `index` of `count`'s part: a report of `graph` with `findings`.
  private func part(
    _ index: Int, of count: Int, graph: [ScreenGraphRecord.Screen],
    findings: [ExploreFinding] = [], ended: ExploreReport.Ending = .complete,
    configure: (inout ExploreReport) -> Void = { _ in }
  ) -> ExploreMerge.Part {
    var options = ExploreOptions()
    options.seed = 7
    options.depth = 3
    var report = ExploreReport(
      feature: "demo", seed: 7, strategy: "bfs", steps: 10 * index, screens: graph.count,
      places: graph.count, transitions: 0, depth: 3, complete: ended == .complete,
      findings: findings,
      controls: .init(seen: 0, used: ["\(graph[0].id) › tap \"go\""], unused: []),
      graph: "", ended: ended)
    report.walk = ExploreReport.Walk(options: options)
    report.shard = ExploreReport.ShardPart(
      index: index, count: count, splitDepth: 1, frontier: 2, owned: 1)
    report.build = "b1"
    report.timing = ExploreReport.Timing(seconds: Double(index), stepsPerSecond: 10)
    configure(&report)
    return ExploreMerge.Part(
      report: report, graph: ScreenGraphRecord(screens: graph), source: "shard-\(index)")
  }

  /// The launch `L` leads to `A` and `B`; shard 1 explores `A`, shard 2 `B`, and each sees the
  /// other's screen unexplored.
  private func twoShards() -> [ExploreMerge.Part] {
    let launch = screen(
      "L", depth: 0, uses: ["tap \"go\"", "back"], edges: [.screen("A"), .screen("B")])
    return [
      part(
        1, of: 2,
        graph: [
          launch, screen("A", depth: 1, uses: ["tap \"x\""], edges: [.screen("C")]),
          screen("B", depth: 1, uses: ["tap \"y\""], edges: [nil], explored: false),
          screen("C", depth: 2, uses: [], edges: []),
        ]),
      part(
        2, of: 2,
        graph: [
          launch, screen("A", depth: 1, uses: ["tap \"x\""], edges: [nil], explored: false),
          screen("B", depth: 1, uses: ["tap \"y\""], edges: [.screen("C")]),
          screen("C", depth: 3, uses: [], edges: []),
        ]),
    ]
  }

  func testShardsJoinIntoOneGraphWithTheirTotals() throws {
    let (report, graph) = try ExploreMerge.merge(twoShards())
    XCTAssertEqual(graph.screens.map(\.id), ["L", "A", "B", "C"])
    XCTAssertEqual(graph.screens.first { $0.id == "B" }?.edges, [.screen("C")])
    XCTAssertEqual(graph.screens.first { $0.id == "C" }?.depth, 2, "the least depth known")
    XCTAssertTrue(graph.screens.allSatisfy(\.explored))
    XCTAssertEqual(report.screens, 4)
    XCTAssertEqual(report.transitions, 4)
    XCTAssertEqual(report.steps, 30, "every shard's steps")
    XCTAssertEqual(report.timing?.seconds, 2, "as long as the longest shard")
    XCTAssertEqual(report.merged?.count, 2)
    XCTAssertEqual(report.merged?.shards.map(\.index), [1, 2])
    XCTAssertEqual(report.merged?.missing, [])
    XCTAssertTrue(report.complete)
    XCTAssertEqual(report.ended, .complete)
    XCTAssertEqual(report.controls.used, ["L › tap \"go\""])
    XCTAssertTrue(report.graph.contains("digraph"), report.graph)
    XCTAssertEqual(report.build, "b1")
  }

  func testAUseIsMatchedAcrossShardsByItsKeyNotItsLabel() throws {
    // The same tap shows another stack element id in each shard's walk.
    let one = part(
      1, of: 2,
      graph: [
        screen(
          "L", depth: 0, uses: ["tap \"#3) A\""], edges: [nil], explored: false,
          keys: ["tap \"#N) A\" #1"])
      ])
    let two = part(
      2, of: 2,
      graph: [
        screen(
          "L", depth: 0, uses: ["tap \"#7) A\""], edges: [.unreachable],
          keys: ["tap \"#N) A\" #1"])
      ])
    let three = part(
      1, of: 2,
      graph: [
        screen(
          "L", depth: 0, uses: ["tap \"#5) A\""], edges: [.screen("L")],
          keys: ["tap \"#N) A\" #1"])
      ])
    let (_, graph) = try ExploreMerge.merge([one, two])
    XCTAssertEqual(graph.screens[0].uses, ["tap \"#7) A\""], "as the exploring shard saw it")
    XCTAssertEqual(graph.screens[0].edges, [.unreachable])
    // A screen a use led to outweighs a use another shard could not take.
    XCTAssertEqual(ExploreMerge.union([two.graph, three.graph]).screens[0].edges, [.screen("L")])
  }

  func testAFindingIsKeptOnceWithItsFewestSteps() throws {
    var parts = twoShards()
    let long = ExploreFinding(
      kind: .invariant, message: "count went below 0", steps: ["a", "b", "c"], match: "count ≥ 0")
    let short = ExploreFinding(
      kind: .invariant, message: "count went below 0", steps: ["a", "b"], match: "count ≥ 0")
    let warning = ExploreFinding(
      kind: .runtimeWarning, message: "w", steps: ["a"], match: "warning 3")
    let sameWarning = ExploreFinding(
      kind: .runtimeWarning, message: "w", steps: ["b", "c"], match: "warning 12")
    parts[0].report.findings = [long, warning]
    parts[1].report.findings = [short, sameWarning]
    let (report, _) = try ExploreMerge.merge(parts)
    XCTAssertEqual(report.findings.map(\.kind), [.runtimeWarning, .invariant])
    XCTAssertEqual(report.findings.map(\.steps), [["a"], ["a", "b"]])
  }

  func testCrashesOfOneMessageByTwoUsesAreTwoFindings() throws {
    var parts = twoShards()
    let message = "Fatal error: Index out of range"
    parts[0].report.findings = [
      ExploreFinding(kind: .crash, message: message, steps: ["tap \"Delete\""], match: message)
    ]
    parts[1].report.findings = [
      ExploreFinding(kind: .crash, message: message, steps: ["tap \"Move\""], match: message),
      ExploreFinding(
        kind: .crash, message: message, steps: ["back", "tap \"Delete\""], match: message),
    ]
    let (report, _) = try ExploreMerge.merge(parts)
    XCTAssertEqual(report.findings.map(\.steps), [["tap \"Delete\""], ["tap \"Move\""]])
  }

  func testShardsOfTwoWalksAreRefused() {
    func refused(_ parts: [ExploreMerge.Part], _ words: String, line: UInt = #line) {
      XCTAssertThrowsError(try ExploreMerge.merge(parts), line: line) { error in
        XCTAssertTrue("\(error)".contains(words), "\(error)", line: line)
      }
    }
    let launch = [screen("L", depth: 0, uses: [], edges: [])]
    refused(
      [part(1, of: 2, graph: launch), part(2, of: 2, graph: launch) { $0.walk?.depth = 4 }],
      "--depth 3 and --depth 4")
    refused(
      [part(1, of: 2, graph: launch), part(2, of: 2, graph: launch) { $0.walk?.seed = 8 }],
      "--seed 7 and --seed 8")
    refused(
      [part(1, of: 2, graph: launch), part(2, of: 2, graph: launch) { $0.build = "b2" }],
      "different builds")
    refused(
      [part(1, of: 2, graph: launch), part(2, of: 2, graph: launch) { $0.feature = "other" }],
      "'demo' and 'other'")
    refused([part(1, of: 2, graph: launch), part(2, of: 3, graph: launch)], "2 shards and 3")
    refused([part(1, of: 2, graph: launch), part(1, of: 2, graph: launch)], "both shard 1/2")
    refused([part(1, of: 1, graph: launch) { $0.walk = nil }], "older navd")
    refused([], "no report")
  }

  func testAMissingOrPartialShardIsNamedAndTheRestMerged() throws {
    let launch = screen("L", depth: 0, uses: ["tap \"go\""], edges: [.screen("A")])
    let a = screen("A", depth: 1, uses: [], edges: [])
    let (report, graph) = try ExploreMerge.merge([
      part(1, of: 3, graph: [launch, a]),
      part(2, of: 3, graph: [launch], ended: .interrupted),
    ])
    XCTAssertEqual(graph.screens.count, 2)
    XCTAssertEqual(report.merged?.missing, [3])
    XCTAssertEqual(report.merged?.partial, [2])
    XCTAssertEqual(report.ended, .shardsMissing)
    XCTAssertFalse(report.complete)
    // It reads back as written.
    let read = try JSONDecoder().decode(ExploreReport.self, from: Data(report.json.utf8))
    XCTAssertEqual(read.merged, report.merged)
  }

  func testShardsThatDealtDifferentFrontiersAreWarnedOf() throws {
    var parts = twoShards()
    XCTAssertEqual(try ExploreMerge.merge(parts).0.merged?.warnings, [])
    parts[1].report.shard?.splitDepth = 2
    let (report, _) = try ExploreMerge.merge(parts)
    XCTAssertEqual(report.merged?.warnings.count, 1)
    XCTAssertTrue(report.merged?.warnings.first?.contains("different frontiers") == true)
    // As many screens at the same depth, but not the same screens.
    parts = twoShards()
    parts[0].report.shard?.frontierDigest = "aaaa"
    parts[1].report.shard?.frontierDigest = "bbbb"
    let (other, _) = try ExploreMerge.merge(parts)
    XCTAssertEqual(other.merged?.warnings.count, 1, "\(other.merged?.warnings ?? [])")
  }

  func testAGraphRecordReadsBackAsWritten() throws {
    let record = twoShards()[0].graph
    let read = try JSONDecoder().decode(ScreenGraphRecord.self, from: record.json)
    XCTAssertEqual(read, record)
    XCTAssertThrowsError(
      try JSONDecoder().decode(
        ScreenGraphRecord.Edge.self, from: Data(#"{"elsewhere": 1}"#.utf8)))
  }
}
