// Explorer: the walk finds each planted bug with its shortest steps, the same seed walks the
// same way, the depth and the budget bound it, and the seeds' navigation explores clean.

import Composable
import Foundation
import XCTest

@testable import NavHosting
@testable import NavScript

final class ExplorerTests: XCTestCase {
  private func explore(
    _ feature: ScriptFeature, _ configure: (inout ExploreOptions) -> Void = { _ in }
  ) throws -> ExploreReport {
    var options = ExploreOptions()
    options.seed = 7
    configure(&options)
    return try Explorer(feature: feature, options: options).run()
  }

  private func navigation() -> ScriptFeature {
    caseStudyFeatures.first { $0.name == "navigation" }!
  }

  func testEachPlantedBugIsFoundWithItsShortestSteps() throws {
    let invariants = try dialInvariants(self)
    let report = try explore(plantedDial) { $0.invariantsFile = invariants }
    let found = Dictionary(uniqueKeysWithValues: report.findings.map { ($0.kind, $0) })
    XCTAssertEqual(
      Set(found.keys), [.runtimeWarning, .deadEnd, .leakedEffect, .invariant], "\(report.findings)")
    XCTAssertEqual(found[.invariant]?.steps, ["tap \"Turn down\"", "tap \"Turn down\""])
    XCTAssertEqual(found[.invariant]?.match, "the level is never negative")
    XCTAssertEqual(found[.runtimeWarning]?.steps, ["tap \"Poke\""])
    XCTAssertTrue(
      found[.runtimeWarning]?.message.contains("received a presentation action") == true,
      found[.runtimeWarning]?.message ?? "")
    XCTAssertEqual(found[.deadEnd]?.steps, ["tap \"Lock\""])
    XCTAssertEqual(found[.leakedEffect]?.steps, ["tap \"Hum\""])
    XCTAssertTrue(found[.leakedEffect]?.message.contains("humButtonTapped") == true)
    XCTAssertTrue(report.complete)
  }

  func testEveryStrategyFindsThePlantedBugs() throws {
    let invariants = try dialInvariants(self)
    for strategy in ExploreOptions.Strategy.allCases {
      let report = try explore(plantedDial) {
        $0.invariantsFile = invariants
        $0.strategy = strategy
      }
      XCTAssertEqual(
        Set(report.findings.map(\.kind)), [.runtimeWarning, .deadEnd, .leakedEffect, .invariant],
        "\(strategy)")
    }
  }

  func testTheSeedsNavigationExploresCleanAndUsesItsControls() throws {
    let report = try explore(navigation()) { $0.steps = 400 }
    XCTAssertEqual(report.findings.map(\.message), [])
    XCTAssertEqual(report.steps, 400)
    for label in ["Go to screen A", "Go to A → B → C", "Start timer", "Dismiss", "Pop to root"] {
      XCTAssertTrue(
        report.controls.used.contains { $0.hasSuffix("› \(label)") }, "\(label) was not used")
    }
  }

  func testTheSameSeedWalksTheSameWayAndAnotherSeedDifferently() throws {
    let first = try explore(navigation()) { $0.steps = 200 }
    let second = try explore(navigation()) { $0.steps = 200 }
    XCTAssertEqual(first.untimedJSON, second.untimedJSON)
    XCTAssertEqual(first.graph, second.graph)
    let other = try explore(navigation()) {
      $0.steps = 200
      $0.seed = 8
    }
    XCTAssertNotEqual(first.graph, other.graph)
  }

  func testConfirmingKnownScreensByTheirStateWalksTheSameGraph() throws {
    // Every screen by its key, with where each of its uses led, by key.
    func edges(_ explorer: Explorer) -> [ExploreNodeKey: [ExploreStep: String]] {
      let graph = explorer.graph
      var edges: [ExploreNodeKey: [ExploreStep: String]] = [:]
      for node in graph.nodes {
        edges[node.key] = node.edges.mapValues { edge in
          switch edge {
          case .screen(let id): "\(graph.nodes[id].key)"
          default: "\(edge)"
          }
        }
      }
      return edges
    }
    // The navigation deep enough that routes retrace pushes with other stack element ids, and
    // long enough that screens are reached by several ways; the fuse, where a known use leads
    // elsewhere while an effect burns.
    for (feature, steps) in [(navigation(), 600), (hiddenFuse, 200)] {
      for strategy in ExploreOptions.Strategy.allCases {
        var options = ExploreOptions()
        options.seed = 7
        options.steps = steps
        options.depth = 5
        options.strategy = strategy
        let confirming = try Explorer(feature: feature, options: options)
        let confirmed = try confirming.run()
        options.confirmsKnownScreens = false
        let lookingUp = try Explorer(feature: feature, options: options)
        let lookedUp = try lookingUp.run()
        let what = "\(feature.name), \(strategy)"
        XCTAssertEqual(confirmed.untimedJSON, lookedUp.untimedJSON, what)
        XCTAssertEqual(edges(confirming), edges(lookingUp), what)
        XCTAssertGreaterThan(confirmed.transitions, 10, what)
      }
    }
  }

  func testALabelMatchesItsMaskedTextAsMaskingItWould() {
    let labels = [
      "#3) Screen A", "#12) Screen A", "Screen A", "Row 7 of 10", "Row 7", "42", "", "N",
      "Go to A → B → C", "👍 The number 2 is prime!", "id 0BF6E2A4-55C1-4F1B-9E0C-3D4C5B6A7F80",
    ]
    for label in labels {
      for other in labels {
        let masked = Array(ExploreFinding.masked(other).utf8)
        XCTAssertEqual(
          ExploreRun.masks(label, to: masked),
          ExploreFinding.masked(label) == ExploreFinding.masked(other),
          "\(label) against \(other)")
      }
    }
  }

  func testTheDepthBoundsTheWalk() throws {
    let report = try explore(navigation()) { $0.depth = 1 }
    XCTAssertTrue(report.complete)
    // The root's five uses lead to screens one step away, which are seen but not used.
    XCTAssertLessThanOrEqual(report.steps, 8)
    XCTAssertGreaterThan(report.screens, 1)
  }

  func testAFeatureWithoutAViewIsAnError() throws {
    let counter = ScriptFeature(
      name: "bare", summary: "", initialState: { 0 },
      reducer: {
        Reduce<Int, Int> { state, action in
          state += action
          return .none
        }
      })
    XCTAssertThrowsError(try explore(counter)) { error in
      XCTAssertTrue("\(error)".contains("has no headless view"), "\(error)")
    }
  }

  func testAnInvariantsFileWithoutInvariantsIsAnError() throws {
    let file = try temporaryDirectory(self).appendingPathComponent("none.lua")
    try "local x = 1".write(to: file, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try explore(plantedDial) { $0.invariantsFile = file.path }) { error in
      XCTAssertTrue("\(error)".contains("declares no invariant"), "\(error)")
    }
  }

  func testTheGraphMarksTheFindingsAndLabelsScreensByTitle() throws {
    let invariants = try dialInvariants(self)
    let report = try explore(plantedDial) { $0.invariantsFile = invariants }
    XCTAssertTrue(report.graph.hasPrefix("digraph \"explore dial\" {"), report.graph)
    XCTAssertTrue(report.graph.contains("label=\"Dial"), report.graph)
    XCTAssertTrue(report.graph.contains("label=\"Locked\\n("), report.graph)
    XCTAssertTrue(report.graph.contains("states)\\ndead-end\""), report.graph)
    XCTAssertTrue(report.graph.contains("[label=\"Lock\"]"), report.graph)
  }
}

extension ExploreReport {
  /// The report's JSON without its timing: what two walks of one seed write alike.
  var untimedJSON: String {
    var report = self
    report.timing = nil
    return report.json
  }
}
