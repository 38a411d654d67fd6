// Known crashes: a crash is one finding by its signature, counted by the screens it is reached
// from; the walk steps around its use on every screen of the same shape; and every limit that
// ends a walk still ends it in a report. (A real trap needs the explore command's child
// process: scripts/test-explore checks that end to end. Here the dial's "Poke" is declared
// to have crashed, as the supervisor hands an earlier walk's crash to the next.)

import Foundation
import XCTest

@testable import NavScript

final class KnownCrashTests: XCTestCase {
  private func explore(
    knowing crashes: [Explorer.KnownCrash], _ configure: (inout ExploreOptions) -> Void = { _ in }
  ) throws -> ExploreReport {
    var options = ExploreOptions()
    options.seed = 7
    configure(&options)
    return try Explorer(feature: plantedDial, options: options, crashes: crashes).run()
  }

  private let trap = "Inbox/Dial.swift:12: Fatal error: Index out of range"

  func testACrashIsSteppedAroundOnEveryScreenOfItsShapeAndCountedOnce() throws {
    // Poke crashed at the launch; "Level N" differs on every screen "Turn down" reaches, and
    // none of them takes Poke: its runtime warning is never seen.
    let crash = Explorer.KnownCrash(
      path: ["tap \"Poke\""], steps: ["tap \"Poke\""], message: trap)
    let report = try explore(knowing: [crash])
    let crashes = report.findings.filter { $0.kind == .crash }
    XCTAssertEqual(crashes.map(\.steps), [["tap \"Poke\""]])
    XCTAssertEqual(crashes.first?.message, trap)
    XCTAssertFalse(
      report.findings.contains { $0.kind == .runtimeWarning }, "Poke was taken: \(report.json)")
    // The launch, and each level "Turn down" reaches within the depth (1 down to -6).
    XCTAssertGreaterThanOrEqual(crashes.first?.states ?? 0, 8, report.json)
    XCTAssertEqual(crashes.first?.states, report.restarts.skippedStates)
    XCTAssertEqual(report.restarts.used, 1)
    XCTAssertTrue(report.graph.contains("crash"))
  }

  func testTheSameTrapByTheSameUseIsOneFindingAndByAnotherUseIsTwo() throws {
    let atLaunch = Explorer.KnownCrash(
      path: ["tap \"Poke\""], steps: ["tap \"Poke\""], message: trap)
    // The same bug from another screen: a line number in the message differs only by digits.
    let lower = Explorer.KnownCrash(
      path: ["tap \"Turn down\"", "tap \"Poke\""], steps: ["tap \"Poke\""],
      message: trap.replacing("12", with: "13"))
    let same = try explore(knowing: [atLaunch, lower])
    XCTAssertEqual(same.findings.filter { $0.kind == .crash }.count, 1, same.json)
    XCTAssertEqual(same.restarts.used, 2)
    let hum = Explorer.KnownCrash(path: ["tap \"Hum\""], steps: ["tap \"Hum\""], message: trap)
    let two = try explore(knowing: [atLaunch, hum])
    XCTAssertEqual(
      Set(two.findings.filter { $0.kind == .crash }.map(\.steps)),
      [["tap \"Poke\""], ["tap \"Hum\""]])
    // Hum's leak is not found either: it was never taken.
    XCTAssertFalse(two.findings.contains { $0.kind == .leakedEffect }, two.json)
  }

  func testACrashOnAnotherShapeIsNotSteppedAround() throws {
    // "Spin" on the lock's cover is declared to crash; the root's uses are all taken, and the
    // root's own findings are still found (the cover, whose only use crashes, is a dead end).
    let crash = Explorer.KnownCrash(
      path: ["tap \"Lock\"", "tap \"Spin\""], steps: ["tap \"Lock\"", "tap \"Spin\""],
      message: trap)
    let report = try explore(knowing: [crash])
    XCTAssertEqual(
      Set(report.findings.map(\.kind)), [.crash, .runtimeWarning, .leakedEffect, .deadEnd],
      report.json)
    // The cover is locked at each level "Turn down" reached first: a state of its own each, all
    // of one shape, all stepped around.
    let states = report.findings.first { $0.kind == .crash }?.states ?? 0
    XCTAssertGreaterThan(states, 1)
    XCTAssertEqual(states, report.restarts.skippedStates)
  }

  func testNumbersAndTheirSignsAreMaskedInAShape() {
    XCTAssertEqual(ExploreFinding.maskedSigned("Level -3"), "Level N")
    XCTAssertEqual(ExploreFinding.maskedSigned("Level \u{2212}3 of +12"), "Level N of N")
    XCTAssertEqual(ExploreFinding.maskedSigned("Level 3"), "Level N")
    XCTAssertEqual(ExploreFinding.maskedSigned("Sign-in - now"), "Sign-in - now")
  }

  // MARK: - Limits

  func testEachLimitEndsTheWalkInAReportSayingWhichLimit() throws {
    let invariants = try dialInvariants(self)
    let complete = try explore(knowing: []) { $0.invariantsFile = invariants }
    XCTAssertEqual(complete.ended, .complete)
    XCTAssertTrue(complete.complete)

    let short = try explore(knowing: []) {
      $0.invariantsFile = invariants
      $0.steps = 3
    }
    XCTAssertEqual(short.ended, .steps)
    XCTAssertFalse(short.complete)
    XCTAssertEqual(short.steps, 3)

    let timed = try explore(knowing: []) {
      $0.invariantsFile = invariants
      $0.timeLimit = .zero
    }
    XCTAssertEqual(timed.ended, .time)
    XCTAssertEqual(timed.steps, 0)
    XCTAssertEqual(timed.screens, 1)

    // Each is a report that reads back as it was written.
    for report in [complete, short, timed] {
      let read = try JSONDecoder().decode(ExploreReport.self, from: Data(report.json.utf8))
      XCTAssertEqual(read.json, report.json)
      XCTAssertTrue(report.text(replay: "x").contains("ended: " + report.ended.sentence))
    }
  }
}
