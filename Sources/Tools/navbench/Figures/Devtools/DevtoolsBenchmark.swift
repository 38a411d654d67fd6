// The devtools figures: a send with the history on against off, a jump into a long history,
// and the memory a history entry costs on NavigationDemo.

import CNavSys
import Foundation
import Glibc
import NavHosting
import NavValue
import ScriptedCaseStudies

/// The devtools figures, and their goals.
enum DevtoolsBenchmark {
  /// The send figure's name.
  static let sendFigureName = "devtools: ScriptSession.send, history on (NavigationDemo)"
  /// The most a send with history may cost against one without.
  static let sendGoal = 1.3
  /// The most a jump may take, in nanoseconds: 1 ms.
  static let jumpGoalNanoseconds = 1_000_000.0
  /// The most a history entry may hold, in bytes.
  static let entryGoalBytes = 256.0

  /// Times the figures whose names `including` accepts and returns them.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    guard including(sendFigureName) else { return [] }
    let on = session(history: LaunchOptions.defaultHistory)
    let off = session(history: 0)
    func sending(_ session: ScriptSession, _ label: String) -> BenchOperation {
      BenchOperation(label: label) { n in
        for _ in 0..<n {
          do {
            try session.send(path: "path.element(0).screenA.incrementButtonTapped")
          } catch {
            preconditionFailure("\(error)")
          }
        }
        return Int(session.version)
      }
    }
    return [
      compare(
        sendFigureName, measured: sending(on, "history on"), floor: sending(off, "history off"),
        goal: sendGoal, settings: settings)
    ]
  }

  /// A navigation session on the virtual clock with Screens A, B and C pushed.
  static func session(history: Int) -> ScriptSession {
    guard let feature = ScriptFeature.caseStudies.first(where: { $0.name == "navigation" }) else {
      preconditionFailure("the navigation case study is registered")
    }
    do {
      let session = try ScriptSession(
        feature: feature, options: LaunchOptions(clock: .virtual, history: history))
      try session.send(path: "goToABCButtonTapped")
      return session
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// Jumps to random versions of a 100,000-action history; returns the median nanoseconds a jump.
  static func jumpNanoseconds() -> Double {
    let session = session(history: 200_000)
    defer { session.close() }
    for _ in 0..<100_000 {
      do {
        try session.send(path: "path.element(0).screenA.incrementButtonTapped")
      } catch {
        preconditionFailure("\(error)")
      }
    }
    var random = SystemRandomNumberGenerator()
    var times: [Double] = []
    for _ in 0..<501 {
      let version = UInt64.random(in: 1...100_000, using: &random)
      let start = DispatchTime.now().uptimeNanoseconds
      do {
        try session.jump(to: version)
      } catch {
        preconditionFailure("\(error)")
      }
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    return median(times)
  }

  /// The heap bytes 100,000 history entries of NavigationDemo hold, per entry, against the same
  /// sends with the history off.
  ///
  /// Counted by malloc (what it handed out and did not get back), not by the resident size: after
  /// the other figures, the allocator reuses memory they freed, and the resident size did not
  /// move at all for the history's first megabytes.
  static func bytesPerEntry() -> Double {
    func heap(history: Int) -> Int {
      let session = session(history: history)
      let before = navsys_heap_bytes_in_use()
      for _ in 0..<100_000 {
        do {
          try session.send(path: "path.element(0).screenA.incrementButtonTapped")
        } catch {
          preconditionFailure("\(error)")
        }
      }
      let after = navsys_heap_bytes_in_use()
      withExtendedLifetime(session) {}
      session.close()
      return Int(after) - Int(before)
    }
    // Off first: what the sends themselves leave resident is then not counted twice.
    let without = heap(history: 0)
    let with = heap(history: 100_000)
    return Double(with - without) / 100_000
  }
}
