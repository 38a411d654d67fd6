import NavHosting
import NavProtocol
import NavValue
import XCTest

@testable import NavServer

/// An exported history's entries go out as patches and come back as the states they left; a
/// history that is wrong is refused with the entry and the reason.
final class RecordedHistoryCodingTests: XCTestCase {
  private let initial: DataValue = .object(["count": .integer(0), "names": .array([])])

  private func history() -> RecordedHistory {
    RecordedHistory(
      entries: [
        .init(
          version: 1, origin: .send, action: .string("increment"), at: 0.5, wall: 10,
          client: 3, state: .object(["count": .integer(1), "names": .array([])])),
        // An action that changed nothing keeps the version it came at.
        .init(version: 1, origin: .effect, action: .string("noop"), at: 0.6, wall: 11, state: nil),
        .init(
          version: 2, origin: .send, action: .object(["add": .string("Blob")]), at: 1, wall: 12,
          state: .object(["count": .integer(1), "names": .array([.string("Blob")])])),
        .init(
          version: 3, origin: .jump, action: .null, jump: 1, at: 2, wall: 13,
          state: .object(["count": .integer(1), "names": .array([])])),
        // A change to an equal state still moves the version; its patch is empty.
        .init(
          version: 4, origin: .send, action: .string("same"), at: 2.5, wall: 14,
          state: .object(["count": .integer(1), "names": .array([])])),
      ], duration: 3)
  }

  func testAHistoryComesBackAsItWent() throws {
    let json = RecordedHistoryCoding.json(history(), initial: initial)
    XCTAssertEqual(json.arrayValue?[1]["patch"], .array([]), "no change, no patch")
    XCTAssertEqual(json.arrayValue?[3]["jump"], .integer(1))
    XCTAssertNil(json.arrayValue?[3]["action"], "a jump has no action")
    let read = try RecordedHistoryCoding.history(json, initial: initial, duration: 3)
    XCTAssertEqual(read, history())
  }

  func testAWrongHistoryIsRefusedNamingTheEntry() throws {
    var entries = RecordedHistoryCoding.json(history(), initial: initial).arrayValue!
    func refusal(_ change: (inout [JSONValue]) -> Void) -> String {
      var broken = entries
      change(&broken)
      do {
        _ = try RecordedHistoryCoding.history(.array(broken), initial: initial, duration: 3)
        return "accepted"
      } catch {
        return error.message
      }
    }
    XCTAssertTrue(
      refusal {
        $0[2] = .object([
          "version": 2, "origin": "send", "at": 1, "action": "x",
          "patch": [["op": "remove", "path": "/nothing"]],
        ])
      }
      .hasPrefix("history entry 3: its patch does not apply"))
    XCTAssertTrue(
      refusal { $0[1] = .object(["version": 0, "origin": "send", "at": 0.6, "action": "x"]) }
        .hasPrefix("history entry 2: version must be"))
    XCTAssertTrue(
      refusal { $0[1] = .object(["version": 1, "origin": "client", "at": 0.6, "action": "x"]) }
        .hasPrefix("history entry 2: origin must be"))
    XCTAssertTrue(
      refusal { $0[1] = .object(["version": 1, "origin": "send", "at": 0.1, "action": "x"]) }
        .hasPrefix("history entry 2: at must be"))
    XCTAssertTrue(
      refusal { $0[1] = .object(["version": 1, "origin": "send", "at": 0.6]) }
        .hasPrefix("history entry 2: needs an action or a jump"))
    entries = []
    XCTAssertEqual(refusal { _ in }, "accepted", "an empty history is one")
  }
}
