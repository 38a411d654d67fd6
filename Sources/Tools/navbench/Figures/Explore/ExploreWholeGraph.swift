// The root app's whole screen graph to depth 6, walked once and timed.

import Foundation
import NavScript
import ScriptedCaseStudies

extension ExploreBenchmark {
  /// A timed walk: the root `app` to depth 6 with no step budget, or a long walk of
  /// NavigationDemo; how long it took and what it found.
  struct WholeGraph {
    /// Seconds of wall time for the walk, shrinking and report included.
    let seconds: Double
    let steps: Int
    let screens: Int
    let transitions: Int
    let findings: Int
  }

  /// Walks the root app to depth 6 and times it.
  static func wholeGraph(depth: Int = 6) -> WholeGraph {
    walk("app", depth: depth, steps: Int.max, complete: true)
  }

  /// One long walk of NavigationDemo, breadth first: the steady rate, which the table's short
  /// batches (a fresh walk each, its first screens costing relaunches) understate.
  static func longWalk(steps: Int = 20_000) -> WholeGraph {
    walk("navigation", depth: 1_000, steps: steps, complete: false)
  }

  private static func walk(_ name: String, depth: Int, steps: Int, complete: Bool) -> WholeGraph {
    guard let feature = ScriptFeature.caseStudies.first(where: { $0.name == name }) else {
      preconditionFailure("the \(name) case study is registered")
    }
    var options = ExploreOptions()
    options.seed = 7
    options.depth = depth
    options.steps = steps
    let start = ContinuousClock.now
    let report: ExploreReport
    do {
      report = try Explorer(feature: feature, options: options).run()
    } catch {
      preconditionFailure("\(error)")
    }
    let elapsed = ContinuousClock.now - start
    precondition(
      !complete || report.complete, "the walk explored every screen within the depth")
    return WholeGraph(
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      steps: report.steps, screens: report.screens, transitions: report.transitions,
      findings: report.findings.count)
  }
}
