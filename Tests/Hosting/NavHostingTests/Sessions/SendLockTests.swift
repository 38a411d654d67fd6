import ScriptedCaseStudies
import XCTest

@testable import NavHosting

final class SendLockTests: XCTestCase {
  /// A locked session takes changes from its holder and its own effects, and refuses every
  /// other client's, at each door: a send, a screen use, a jump.
  func testALockedSessionRefusesOtherClients() throws {
    let feature = try XCTUnwrap(ScriptFeature.caseStudies.first { $0.name == "counter" })
    let session = try ScriptSession(feature: feature, options: LaunchOptions(clock: .virtual))
    defer { session.close() }
    XCTAssertTrue(session.sendLock.lock(for: 1, name: "inspector"))
    XCTAssertFalse(session.sendLock.lock(for: 2, name: nil), "a second client cannot take it")

    _ = try HistorySender.with(client: 1) { () throws(ScriptError) in
      try session.send(path: "incrementButtonTapped")
    }
    XCTAssertEqual(session.version, 1, "the holder's send went through")

    let refusals: [(String, () throws(ScriptError) -> Void)] = [
      ("send", { () throws(ScriptError) in try session.send(path: "incrementButtonTapped") }),
      (
        "send a table",
        { () throws(ScriptError) in try session.send(.string("incrementButtonTapped")) }
      ),
      ("tap", { () throws(ScriptError) in _ = try session.use { _ in nil } }),
      ("jump", { () throws(ScriptError) in try session.jump(to: 0) }),
    ]
    for (door, change) in refusals {
      do {
        try HistorySender.with(client: 2) { () throws(ScriptError) in try change() }
        XCTFail("\(door): another client's change went through a lock")
      } catch {
        XCTAssertEqual(error.kind, .locked, "\(door): \(error.message)")
        XCTAssertTrue(error.message.contains("client 1 (\"inspector\")"), error.message)
      }
    }
    XCTAssertEqual(session.version, 1, "no refused change reached the store")

    try session.send(path: "incrementButtonTapped")
    XCTAssertEqual(session.version, 2, "a thread acting for no client is never refused")

    XCTAssertFalse(session.sendLock.unlock(for: 2), "only the holder unlocks")
    XCTAssertTrue(session.sendLock.unlock(for: 1))
    XCTAssertNil(session.sendLock.holder)
    _ = try HistorySender.with(client: 2) { () throws(ScriptError) in
      try session.send(path: "incrementButtonTapped")
    }
    XCTAssertEqual(session.version, 3, "unlocked, every client may change it again")
  }
}
