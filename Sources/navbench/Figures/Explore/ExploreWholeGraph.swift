// The root app's whole screen graph to depth 6, walked once and timed.

import Foundation
import NavScript
import ScriptedCaseStudies

extension ExploreBenchmark {
  /// The walk of the root `app` to depth 6, breadth first with no step budget: how long it
  /// takes and what it found.
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
    guard let feature = ScriptFeature.caseStudies.first(where: { $0.name == "app" }) else {
      preconditionFailure("the app case study is registered")
    }
    var options = ExploreOptions()
    options.seed = 7
    options.depth = depth
    options.steps = Int.max
    let start = ContinuousClock.now
    let report: ExploreReport
    do {
      report = try Explorer(feature: feature, options: options).run()
    } catch {
      preconditionFailure("\(error)")
    }
    let elapsed = ContinuousClock.now - start
    precondition(report.complete, "the walk explored every screen within the depth")
    return WholeGraph(
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      steps: report.steps, screens: report.screens, transitions: report.transitions,
      findings: report.findings.count)
  }
}
