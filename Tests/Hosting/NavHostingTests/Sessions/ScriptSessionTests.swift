import ScriptedCaseStudies
import XCTest

@testable import NavHosting

final class ScriptSessionTests: XCTestCase {
  /// A client that outpaces a session's effects waits for them, so the queue stays bounded.
  ///
  /// A session's sends do not wait for their effects, so a client sending faster than they run
  /// would queue them, and their memory, without bound (issue 16: 623 MiB after 100,000
  /// push/pop cycles in the daemon, 1 GiB in process). Each send waits while the backlog is
  /// over the limit: it stays near the limit however long the client goes on.
  func testSendsThatOutpaceTheirEffectsWaitForThem() throws {
    let feature = try XCTUnwrap(ScriptFeature.caseStudies.first { $0.name == "navigation" })
    let session = try ScriptSession(feature: feature, options: LaunchOptions(clock: .virtual))
    defer { session.close() }
    let limit = ScriptSession.effectBacklogLimit
    var largest = 0
    for _ in 0..<5_000 {
      try session.send(path: "goToABCButtonTapped")
      largest = max(largest, session.store.pendingEffectSteps)
      try session.send(path: "popToRoot")
      largest = max(largest, session.store.pendingEffectSteps)
    }
    // One send queues a few steps past the limit, and the steps that run meanwhile queue a few
    // of their own: a margin of a quarter is far below what an unbounded queue reaches.
    XCTAssertLessThanOrEqual(largest, limit + limit / 4, "effect steps queued at once")
    XCTAssertEqual(session.version, 10_000, "every push and pop changed the state")
  }
}

extension ScriptSessionTests {
  /// An export that skips history entries leaves out those sends and the final state, and
  /// replays into the session as it would have been without them.
  func testAnExportSkippingAnEntryReplaysWithoutIt() throws {
    let feature = try XCTUnwrap(ScriptFeature.caseStudies.first { $0.name == "counter" })
    let session = try ScriptSession(feature: feature, options: LaunchOptions(clock: .virtual))
    defer { session.close() }
    for path in ["incrementButtonTapped", "incrementButtonTapped", "decrementButtonTapped"] {
      try session.send(path: path)
    }
    let whole = try session.export()
    XCTAssertEqual(whole.steps.count, 3)
    XCTAssertNotNil(whole.final)

    let skipped = try session.export(skipping: [3])
    XCTAssertEqual(skipped.steps.count, 2, "the decrement, entry 3, is left out")
    XCTAssertNil(skipped.final, "the document no longer reaches the session's final state")

    let replayed = try ScriptSession(
      feature: feature, options: LaunchOptions(clock: .virtual, replay: skipped))
    defer { replayed.close() }
    XCTAssertEqual(try replayed.state().state["count"], .integer(2))
    XCTAssertEqual(try session.state().state["count"], .integer(1))
  }
}

extension ScriptSessionTests {
  /// A restored history is the recorded one: the same state, ids a reducer drew with `UUID()`
  /// included, the same entries, and every version can be jumped to.
  func testARestoredHistoryIsTheRecordedOne() throws {
    let feature = try XCTUnwrap(ScriptFeature.caseStudies.first { $0.name == "contacts" })
    let recorded = try ScriptSession(feature: feature, options: LaunchOptions(clock: .virtual))
    defer { recorded.close() }
    try recorded.send(path: "addButtonTapped")
    try recorded.send(path: "destination.presented.addContact.setName", payload: [.string("Blob")])
    try recorded.send(path: "destination.presented.addContact.saveButtonTapped")
    // A session's send does not wait for its effects: the delegate's save and the dismissal.
    XCTAssertTrue(recorded.settle().settled)
    let document = try recorded.export()
    let history = try XCTUnwrap(document.recorded)

    var options = LaunchOptions(state: document.initialState, clock: .virtual)
    options.restoring = history
    let restored = try ScriptSession(feature: feature, options: options)
    defer { restored.close() }
    XCTAssertEqual(try restored.state().state, try recorded.state().state, "the ids came back")
    XCTAssertEqual(restored.version, recorded.version)
    func entries(_ session: ScriptSession) throws -> [String] {
      try session.history().entries.map {
        "\($0.version) \($0.origin) \($0.action) \($0.offset) \($0.state.map { "\($0)" } ?? "-")"
      }
    }
    XCTAssertEqual(try entries(restored), try entries(recorded))
    try restored.jump(to: 1)
    XCTAssertEqual(
      try restored.state().state["destination"],
      try recorded.history().entries[0].state?[
        "destination"], "version 1's state, its contact's id as recorded")
  }
}
