// Known crashes: a crash is one finding by its signature, counted by the screens it is reached
// from; the walk steps around its use on every screen of the same shape; and every limit that
// ends a walk still ends it in a report. (A real trap needs the explore command's child
// process: scripts/test-explore checks that end to end. Here the dial's "Poke" is declared
// to have crashed, as the supervisor hands an earlier walk's crash to the next.)

import ComposableArchitecture
import Foundation
import HeadlessUICore
import XCTest

@testable import NavHosting
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
    // The launch, and each level "Turn down" reaches within the depth: 1 down to -6.
    XCTAssertEqual(crashes.first?.states, 8, report.json)
    XCTAssertEqual(report.restarts.skippedStates, 8)
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
    // root's own findings are still found. The cover, whose only use was stepped around, is
    // not judged a dead end: that use may lead out, and a repro of it would trap.
    let crash = Explorer.KnownCrash(
      path: ["tap \"Lock\"", "tap \"Spin\""], steps: ["tap \"Lock\"", "tap \"Spin\""],
      message: trap)
    let report = try explore(knowing: [crash])
    XCTAssertEqual(
      Set(report.findings.map(\.kind)), [.crash, .runtimeWarning, .leakedEffect],
      report.json)
    // The cover is locked at each level "Turn down" reached first: a state of its own each, all
    // of one shape, all stepped around.
    let states = report.findings.first { $0.kind == .crash }?.states ?? 0
    XCTAssertGreaterThan(states, 1)
    XCTAssertEqual(states, report.restarts.skippedStates)
  }

  // MARK: - Shapes and places

  /// Explores the tally, whose "Boom" is declared to have crashed after `paths`, with
  /// `invariant` (Lua, over the state `s`): a finding of it says where the walk took "Boom".
  private func exploreTally(knowing paths: [[String]], invariant: String) throws -> ExploreReport {
    let invariants = try temporaryDirectory(self).appendingPathComponent("tally.lua")
    try """
    navd.invariant("boom is stepped around", function(s) return \(invariant) end)
    """.write(to: invariants, atomically: true, encoding: .utf8)
    var options = ExploreOptions()
    options.seed = 7
    options.invariantsFile = invariants.path
    let crashes = paths.map {
      Explorer.KnownCrash(path: $0, steps: ["tap \"Boom\""], message: trap)
    }
    return try Explorer(feature: tally, options: options, crashes: crashes).run()
  }

  func testAShapeMasksTheNumbersAndSignsInItsLabels() throws {
    // Known at "Count 0" on the plain screen: stepped around there at "Count 3" and
    // "Count -2" alike.
    let report = try exploreTally(
      knowing: [["tap \"Boom\""]], invariant: "s.plainBoomAt == nil")
    XCTAssertEqual(report.findings.map(\.kind), [.crash], report.json)
    // The plain screen at every count from -7 to 7, at least.
    XCTAssertGreaterThanOrEqual(report.findings.first?.states ?? 0, 15, report.json)
  }

  func testACrashOnOneShapeIsTakenOnAnother() throws {
    let report = try exploreTally(knowing: [["tap \"Boom\""]], invariant: "not s.boomed")
    let boomed = report.findings.first { $0.kind == .invariant }
    XCTAssertNotNil(boomed, report.json)
    XCTAssertTrue(
      boomed?.steps.contains { $0.contains("extra") || $0.contains("More") } == true,
      "\(boomed?.steps ?? [])")
  }

  func testACrashOnTwoShapesOfAPlaceIsSteppedAroundOnAllOfIt() throws {
    // Known with and without the extra shown: stepped around with "More" open too, a third
    // shape, so the tally never booms.
    let report = try exploreTally(
      knowing: [["tap \"Boom\""], ["tap \"Show extra\"", "tap \"Boom\""]],
      invariant: "not s.boomed")
    XCTAssertEqual(report.findings.map(\.kind), [.crash], report.json)
    XCTAssertEqual(report.restarts.used, 2)
  }

  func testEveryReplayIsAnnouncedWithItsStepsAndClosed() throws {
    // A replay that traps kills the walk's process: its parent must blame the replay's steps,
    // which it reads from these events, not the walk's.
    var events: [Explorer.Event] = []
    var options = ExploreOptions()
    options.seed = 7
    options.invariantsFile = try dialInvariants(self)
    _ = try Explorer(feature: plantedDial, options: options) { events.append($0) }.run()
    var open: [ExploreStep]?
    var replays = 0
    for event in events {
      switch event {
      case .replay(let steps):
        open = steps
        replays += 1
      case .replayed:
        XCTAssertNotNil(open, "a replay closed that was not open")
        open = nil
      case .launch, .step, .progress:
        XCTAssertNil(open, "the walk went on inside a replay of \(open ?? [])")
      }
    }
    XCTAssertNil(open)
    // The four findings were shrunk by replays, the invariant's with its two turns among them.
    XCTAssertGreaterThan(replays, 4)
    XCTAssertTrue(
      events.contains {
        if case .replay(let steps) = $0 { return steps == [.tap(label: "Turn down", index: nil)] }
        return false
      })
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

// MARK: - The tally

/// A counter whose label shows its count, signed, with "Boom" (declared to crash by the tests)
/// and two toggles that each change the screen's shape.
@Reducer
private struct CrashTally {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var showsExtra = false
    var showsMore = false
    var boomed = false
    /// The count "Boom" was taken at with neither the extra nor more shown.
    var plainBoomAt: Int?
  }
  enum Action {
    case boomTapped, countTapped, extraTapped, minusTapped, moreTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .boomTapped:
        state.boomed = true
        if !state.showsExtra, !state.showsMore { state.plainBoomAt = state.count }
      case .countTapped: state.count += 1
      case .extraTapped: state.showsExtra.toggle()
      case .minusTapped: state.count -= 1
      case .moreTapped: state.showsMore.toggle()
      }
      return .none
    }
  }
}

private struct CrashTallyView: View {
  let store: StoreOf<CrashTally>
  var body: some View {
    VStack {
      Button("Count \(store.count)") { store.send(.countTapped) }
      Button("Minus") { store.send(.minusTapped) }
      Button("Boom") { store.send(.boomTapped) }
      Button(store.showsExtra ? "Hide extra" : "Show extra") { store.send(.extraTapped) }
      if store.showsExtra { Text("Extra") }
      Button(store.showsMore ? "Less" : "More") { store.send(.moreTapped) }
    }
    .navigationTitle("CrashTally")
  }
}

private let tally = ScriptFeature(
  name: "tally", summary: "A counter with a declared crash.",
  initialState: { CrashTally.State() }, reducer: { CrashTally() },
  view: { CrashTallyView(store: $0)._render() })
