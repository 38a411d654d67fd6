// Push/pop cycles on a script session in this process, as navctl test runs one.

import Foundation
import NavHosting
import ScriptedCaseStudies

extension SustainedBenchmark {
  /// Cycles a script session of the `navigation` case study, as `navctl test` runs one.
  static func inProcess(total: Int, window: Int) -> Figure {
    guard let feature = ScriptFeature.caseStudies.first(where: { $0.name == "navigation" }) else {
      fatalError("navbench: no navigation case study")
    }
    let session: ScriptSession
    do {
      session = try ScriptSession(feature: feature, options: LaunchOptions(clock: .virtual))
    } catch {
      fatalError("navbench: cannot launch navigation: \(error)")
    }
    defer { session.close() }
    var expectedVersion = session.version
    let rssBefore = SocketBenchmark.residentBytes(of: nil)
    var rssAfterFirst = 0
    let times = cycleTimes(total: total, window: window) {
      do {
        try session.send(path: "goToABCButtonTapped")
        try session.send(path: "popToRoot")
      } catch {
        fatalError("navbench: a push/pop failed: \(error)")
      }
      expectedVersion += 2
    } afterFirst: {
      rssAfterFirst = SocketBenchmark.residentBytes(of: nil)
    }
    precondition(session.version == expectedVersion, "every push and pop changed the state")
    report.append(
      "In-process push/pop: RSS \(mebibytes(rssBefore)) before, \(mebibytes(rssAfterFirst)) after "
        + "the first \(window.formatted()) cycles, \(mebibytes(SocketBenchmark.residentBytes(of: nil))) "
        + "after \(total.formatted()) (this process holds the other figures' memory too).")
    return figure(inProcessFigureName, times, cyclesPerChunk: max(window / 10, 1))
  }
}
