import NavProtocol
import XCTest

@testable import NavServer

/// The `store.send` fast lane reads exactly what the general parser reads, answers with the
/// general writer's bytes, and leaves every other line to the general path.
final class StoreSendLineTests: XCTestCase {
  /// What the general parser makes of `line`: the request's id, action and session, when it is
  /// one `store.send` request whose params hold only an action string and a session string.
  private func generalReading(_ line: String) -> StoreSendLine? {
    guard case .single(.request(let request)) = RPCIncoming(parsing: line),
      request.method == "store.send", let id = request.id,
      case .object(let params)? = request.params,
      case .string(let action)? = params["action"]
    else { return nil }
    var session: String?
    if let value = params["session"] {
      guard case .string(let name) = value else { return nil }
      session = name
    }
    return StoreSendLine(id: id, action: action, session: session)
  }

  func testReadsTheCommonShapesAsTheGeneralParserDoes() throws {
    let lines = [
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"incrementButtonTapped"}}"#,
      #"{"method":"store.send","params":{"session":"other","action":"a.b"},"id":"req-7","jsonrpc":"2.0"}"#,
      #" { "jsonrpc" : "2.0" , "id" : -42 ,"# + "\t"
        + #""method":"store.send", "params": { "action" : "x" } } "#,
      #"{"jsonrpc":"2.0","id":0,"method":"store.send","params":{"action":"path.element(-1).screenC.startButtonTapped"}}"#,
      ##"{"jsonrpc":"2.0","id":123456789012345678,"method":"store.send","params":{"action":"#0"}}"##,
      #"{"jsonrpc":"2.0","id":"","method":"store.send","params":{"action":""}}"# + "\r",
      // Compact members (one compare each) mixed with spaced ones (compared piece by piece).
      #"{"jsonrpc": "2.0","id" :3,"method": "store.send","params" :{"action" : "x","session":"s"}}"#,
      #"{"jsonrpc":"2.0" ,"id":4 ,"method":"store.send","params":{ "session":"s" ,"action":"y"}}"#,
    ]
    for line in lines {
      let general = try XCTUnwrap(generalReading(line), line)
      XCTAssertEqual(StoreSendLine(scanning: Array(line.utf8)), general, line)
    }
  }

  func testReusesThePreviousActionOnlyWhenItIsTheSame() throws {
    func scan(_ line: String, reusing previous: String?) -> StoreSendLine? {
      Array(line.utf8).withUnsafeBufferPointer {
        StoreSendLine(scanning: $0, reusingAction: previous)
      }
    }
    let previous = String(repeating: "incrementButtonTapped", count: 2)
    let request = #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"#
    let same = try XCTUnwrap(scan(request + "\"\(previous)\"}}", reusing: previous))
    XCTAssertEqual(same, StoreSendLine(id: .integer(1), action: previous))
    XCTAssertEqual(
      same.action.utf8.withContiguousStorageIfAvailable { $0.baseAddress },
      previous.utf8.withContiguousStorageIfAvailable { $0.baseAddress },
      "the same action reuses the previous string's storage")
    // A prefix, a longer path, another action, an empty one, and paths of the same length that
    // differ in the first or the last byte (compared eight bytes at a time, then one by one)
    // are read afresh.
    let sameLength: [String] = [
      "X" + previous.dropFirst(), previous.dropLast() + "X", previous.dropLast(3) + "XYZ",
    ]
    for action in ["incrementButtonTapped", previous + "x", "decrementButtonTapped", ""]
      + sameLength
    {
      let line =
        #"{"jsonrpc":"2.0","id":2,"method":"store.send","params":{"action":"\#(action)"}}"#
      XCTAssertEqual(
        scan(line, reusing: previous), StoreSendLine(id: .integer(2), action: action), line)
    }
    // Short (small) strings and the empty string are reused as well.
    for action in ["", "a", "tapped", "fifteen-bytes!!"] {
      let line =
        #"{"jsonrpc":"2.0","id":3,"method":"store.send","params":{"action":"\#(action)"}}"#
      XCTAssertEqual(
        scan(line, reusing: action), StoreSendLine(id: .integer(3), action: action), line)
      XCTAssertEqual(
        scan(line, reusing: action + "b"), StoreSendLine(id: .integer(3), action: action), line)
    }
  }

  /// Whatever byte of a request is changed, to whatever, the scanner reads what the general
  /// parser reads or leaves the line to it: a compare that skipped a byte would take a line
  /// the general parser reads otherwise, or rejects.
  func testAgreesWithTheGeneralParserWhateverByteChanges() {
    let lines = [
      #"{"jsonrpc":"2.0","id":12,"method":"store.send","params":{"action":"ab","session":"s"}}"#,
      #"{"jsonrpc" : "2.0", "id" : 12, "method" : "store.send", "params" : {"action" : "ab"}}"#,
    ]
    for line in lines {
      let bytes = Array(line.utf8)
      for position in bytes.indices {
        for replacement in Array("X 1\"{:,.s".utf8) where replacement != bytes[position] {
          var changed = bytes
          changed[position] = replacement
          guard let scanned = StoreSendLine(scanning: changed) else { continue }
          let text = String(decoding: changed, as: UTF8.self)
          XCTAssertEqual(scanned, generalReading(text), text)
        }
      }
    }
  }

  func testLeavesEveryOtherLineToTheGeneralPath() {
    let lines = [
      // Not store.send, or not a single request.
      #"{"jsonrpc":"2.0","id":1,"method":"store.state","params":{"action":"x"}}"#,
      #"[{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"x"}}]"#,
      #"{"jsonrpc":"2.0","method":"store.send","params":{"action":"x"}}"#,
      #"{"jsonrpc":"1.0","id":1,"method":"store.send","params":{"action":"x"}}"#,
      #"{"id":1,"method":"store.send","params":{"action":"x"}}"#,
      // An id of -0 is the double -0.0 to the general path (found by `scripts/fuzz store-send`).
      #"{"jsonrpc":"2.0","id":-0,"method":"store.send","params":{"action":"x"}}"#,
      // Params the fast lane does not take: args, objects, unknown or missing members.
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"x","args":[1]}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":{"screenA":{}}}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"session":"main"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":["x"]}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"x"},"extra":1}"#,
      // Duplicates, which the general parser resolves its own way.
      #"{"jsonrpc":"2.0","id":1,"id":2,"method":"store.send","params":{"action":"x"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"x","action":"y"}}"#,
      // Ids that are not plain integers or strings.
      #"{"jsonrpc":"2.0","id":1.5,"method":"store.send","params":{"action":"x"}}"#,
      #"{"jsonrpc":"2.0","id":1e3,"method":"store.send","params":{"action":"x"}}"#,
      #"{"jsonrpc":"2.0","id":007,"method":"store.send","params":{"action":"x"}}"#,
      #"{"jsonrpc":"2.0","id":null,"method":"store.send","params":{"action":"x"}}"#,
      #"{"jsonrpc":"2.0","id":1234567890123456789,"method":"store.send","params":{"action":"x"}}"#,
      // Strings with escapes or text beyond printable ASCII.
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"a\"b"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"caf\u00e9"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"café"}}"#,
      // Near misses of the compact members' literals, and lines cut short inside them.
      #"{"jsonrpc":"2.1","id":1,"method":"store.send","params":{"action":"x"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.sends","params":{"action":"x"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"actions":"x"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"x","sessions":"s"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.se"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"sessio"#,
      #"{"jsonrpc":"2.0","i"#,
      // Broken JSON.
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"x"}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"x"}} x"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"x"},}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"x}}"#,
      "",
      "{}",
    ]
    for line in lines {
      XCTAssertNil(StoreSendLine(scanning: Array(line.utf8)), line)
    }
    // Invalid UTF-8 is the general path's to report.
    var invalid = Array(
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"x"#.utf8)
    invalid += [0xFF] + Array(#""}}"#.utf8)
    XCTAssertNil(StoreSendLine(scanning: invalid))
  }

  /// The scanner reads eight bytes at a time: whatever offset a disqualifying byte sits at, in
  /// a string of whatever length, it is seen.
  func testSeesEveryDisqualifyingByteWhereverItSits() throws {
    let printable = (0x20...0x7E).map { UInt8($0) }.filter { $0 != 0x22 && $0 != 0x5C }
    func line(action: [UInt8]) -> [UInt8] {
      Array(#"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":""#.utf8) + action
        + Array(#""}}"#.utf8)
    }
    for length in 0...40 {
      let action = (0..<length).map { printable[($0 * 7 + length) % printable.count] }
      let scanned = try XCTUnwrap(StoreSendLine(scanning: line(action: action)), "\(length)")
      XCTAssertEqual(scanned.action, String(decoding: action, as: UTF8.self))
      for position in 0..<length {
        for bad: UInt8 in [0x5C, 0x00, 0x01, 0x1F, 0x7F, 0x80, 0xC3, 0xFF] {
          var spoiled = action
          spoiled[position] = bad
          XCTAssertNil(
            StoreSendLine(scanning: line(action: spoiled)),
            "byte \(bad) at \(position) of \(length)")
        }
        // A quote ends the string early, leaving the rest to break the JSON.
        var quoted = action
        quoted[position] = 0x22
        XCTAssertNil(StoreSendLine(scanning: line(action: quoted)), "quote at \(position)")
      }
    }
  }

  func testWritesTheLongestLineWhole() {
    let line = StoreSendLine.response(id: .integer(Int.min), version: UInt64.max)
    XCTAssertEqual(
      String(decoding: line, as: UTF8.self),
      #"{"jsonrpc":"2.0","result":{"version":18446744073709551615},"id":-9223372036854775808}"#
        + "\n")
  }

  func testAnswersWithTheGeneralWritersBytes() throws {
    let ids: [RPCID] = [0, 7, -3, .integer(Int.max), .integer(Int.min), "abc", "", "a/b"]
    for id in ids {
      for version: UInt64 in [0, 9, 10, 1_234_567, UInt64(Int.max)] {
        let general = try JSONWriter().line(
          RPCResponse(id: id, result: .object(["version": .integer(Int(version))])).json)
        XCTAssertEqual(
          String(decoding: StoreSendLine.response(id: id, version: version), as: UTF8.self),
          String(decoding: general, as: UTF8.self), "id \(id), version \(version)")
      }
    }
  }
}
