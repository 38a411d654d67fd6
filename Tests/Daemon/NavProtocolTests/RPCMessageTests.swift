import NavProtocol
import XCTest

/// The examples of the JSON-RPC 2.0 specification, section 7, answered by a tiny server.
final class RPCMessageTests: XCTestCase {
  /// The specification's example server: `subtract`, `sum`, `get_data` and notifications.
  private func handle(_ request: RPCRequest) -> RPCResponse? {
    let outcome: RPCResponse.Outcome
    switch request.method {
    case "subtract":
      let minuend = request.parameter("minuend", position: 0)?.intValue ?? 0
      let subtrahend = request.parameter("subtrahend", position: 1)?.intValue ?? 0
      outcome = .result(.integer(minuend - subtrahend))
    case "sum":
      let total = request.params?.arrayValue?.compactMap(\.intValue).reduce(0, +) ?? 0
      outcome = .result(.integer(total))
    case "get_data":
      outcome = .result(["hello", 5])
    default:
      outcome = .error(RPCError(.methodNotFound))
    }
    guard let id = request.id else { return nil }
    return RPCResponse(id: id, outcome: outcome)
  }

  /// What the server writes back for `line`, or `nil` when it writes nothing.
  private func serve(_ line: String) throws -> String? {
    func respond(_ call: RPCCall) -> RPCResponse? {
      switch call {
      case .request(let request): handle(request)
      case .invalid(let response): response
      }
    }
    switch RPCIncoming(parsing: line) {
    case .single(let call):
      return try respond(call).map { String(decoding: try $0.encoded(), as: UTF8.self) }
    case .batch(let calls):
      return try RPCResponse.encodedBatch(calls.compactMap(respond))
        .map { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// Compares a response line with the specification's, ignoring the `data` navd adds to errors.
  private func assertServes(
    _ line: String, _ expected: String?, file: StaticString = #filePath, line number: UInt = #line
  ) throws {
    let actual = try serve(line)
    guard let expected else {
      XCTAssertNil(actual, file: file, line: number)
      return
    }
    guard let actual else {
      XCTFail("No response to \(line)", file: file, line: number)
      return
    }
    XCTAssertEqual(
      withoutErrorData(try JSONValue(parsing: actual)), try JSONValue(parsing: expected),
      file: file, line: number)
  }

  private func withoutErrorData(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements): return .array(elements.map(withoutErrorData))
    case .object(var object):
      if case .object(var error)? = object["error"] {
        error["data"] = nil
        object["error"] = .object(error)
      }
      return .object(object)
    default: return value
    }
  }

  // MARK: - Specification section 7

  func testPositionalParameters() throws {
    try assertServes(
      #"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#,
      #"{"jsonrpc": "2.0", "result": 19, "id": 1}"#)
    try assertServes(
      #"{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}"#,
      #"{"jsonrpc": "2.0", "result": -19, "id": 2}"#)
  }

  func testNamedParameters() throws {
    try assertServes(
      #"{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#,
      #"{"jsonrpc": "2.0", "result": 19, "id": 3}"#)
    try assertServes(
      #"{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}"#,
      #"{"jsonrpc": "2.0", "result": 19, "id": 4}"#)
  }

  func testNotifications() throws {
    try assertServes(#"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#, nil)
    try assertServes(#"{"jsonrpc": "2.0", "method": "foobar"}"#, nil)
  }

  func testNonExistentMethod() throws {
    try assertServes(
      #"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#,
      #"{"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "1"}"#)
  }

  func testInvalidJSON() throws {
    try assertServes(
      #"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#,
      #"{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}"#)
  }

  func testInvalidRequestObject() throws {
    try assertServes(
      #"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#,
      #"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}"#)
  }

  func testBatchWithInvalidJSON() throws {
    try assertServes(
      """
      [
        {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
        {"jsonrpc": "2.0", "method"
      ]
      """,
      #"{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}"#)
  }

  func testEmptyBatch() throws {
    try assertServes(
      "[]",
      #"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}"#)
  }

  func testInvalidBatchThatIsNotEmpty() throws {
    try assertServes(
      "[1]",
      #"[{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}]"#)
  }

  func testInvalidBatch() throws {
    try assertServes(
      "[1,2,3]",
      """
      [
        {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
        {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
        {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}
      ]
      """)
  }

  func testBatch() throws {
    try assertServes(
      """
      [
        {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
        {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
        {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
        {"foo": "boo"},
        {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
        {"jsonrpc": "2.0", "method": "get_data", "id": "9"}
      ]
      """,
      """
      [
        {"jsonrpc": "2.0", "result": 7, "id": "1"},
        {"jsonrpc": "2.0", "result": 19, "id": "2"},
        {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
        {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "5"},
        {"jsonrpc": "2.0", "result": ["hello", 5], "id": "9"}
      ]
      """)
  }

  func testBatchOfNotificationsGetsNothing() throws {
    try assertServes(
      """
      [
        {"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},
        {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}
      ]
      """, nil)
  }

  // MARK: - Exact bytes and error details

  func testExactResponseBytes() throws {
    XCTAssertEqual(
      try serve(#"{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}"#),
      #"{"jsonrpc":"2.0","result":19,"id":1}"#)
    XCTAssertEqual(
      try serve(#"{"jsonrpc":"2.0","method":"nope","id":"a"}"#),
      #"{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":"a"}"#)
    XCTAssertEqual(
      try serve("[1]"),
      #"[{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request","#
        + #""data":"A request must be an object, not number."},"id":null}]"#)
  }

  /// JSON-RPC: the response carries the same id as the request.
  ///
  /// Ids no Int or Double holds are echoed with the digits they were sent with (they came back
  /// as doubles).
  func testIdsBeyondInt64AreEchoedExactlyAsSent() throws {
    for id in ["18446744073709551616", "-9223372036854775809", "1e999999", "9223372036854775807"] {
      XCTAssertEqual(
        try serve(#"{"jsonrpc":"2.0","method":"subtract","params":[2,1],"id":"# + id + "}"),
        #"{"jsonrpc":"2.0","result":1,"id":"# + id + "}", id)
    }
  }

  func testParseErrorCarriesTheParserMessage() {
    XCTAssertEqual(
      RPCIncoming(parsing: #"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#),
      .single(
        .invalid(
          RPCResponse(
            id: .null,
            error: RPCError(
              .parseError,
              data: "Invalid JSON at byte 39: Expected ',' or '}' in an object, found 'p'.")))))
    XCTAssertEqual(
      RPCIncoming(parsing: [0x5B, 0xFF, 0x5D]),
      .single(
        .invalid(
          RPCResponse(
            id: .null,
            error: RPCError(
              .parseError, data: "Invalid JSON at byte 1: Expected a value, found byte 0xFF.")))))
  }

  func testDeepNestingIsAParseError() {
    guard
      case .single(.invalid(let response)) = RPCIncoming(
        parsing: String(repeating: "[", count: 10_000))
    else { return XCTFail("expected one error") }
    XCTAssertEqual(response.error?.code, .parseError)
    XCTAssertEqual(response.id, .null)
  }

  func testInvalidRequestsKeepTheirIdWhenReadable() {
    func error(_ line: String) -> RPCResponse? {
      guard case .single(.invalid(let response)) = RPCIncoming(parsing: line) else { return nil }
      return response
    }
    let invalid = { (id: RPCID, data: String) in
      RPCResponse(id: id, error: RPCError(.invalidRequest, data: .string(data)))
    }
    XCTAssertEqual(
      error(#"{"method":"a","id":7}"#), invalid(7, #"The member "jsonrpc" must be "2.0"."#))
    XCTAssertEqual(
      error(#"{"jsonrpc":"1.0","method":"a","id":"x"}"#),
      invalid("x", #"The member "jsonrpc" must be "2.0"."#))
    XCTAssertEqual(
      error(#"{"jsonrpc":2.0,"method":"a","id":1}"#),
      invalid(1, #"The member "jsonrpc" must be "2.0"."#))
    XCTAssertEqual(
      error(#"{"jsonrpc":"2.0","method":["a"],"id":null}"#),
      invalid(.null, #"The member "method" must be a string."#))
    XCTAssertEqual(
      error(#"{"jsonrpc":"2.0","id":3}"#), invalid(3, #"The member "method" must be a string."#))
    XCTAssertEqual(
      error(#"{"jsonrpc":"2.0","method":"a","params":5,"id":4}"#),
      invalid(4, #"The member "params" must be an array or an object."#))
    XCTAssertEqual(
      error(#"{"jsonrpc":"2.0","method":"a","params":null}"#),
      invalid(.null, #"The member "params" must be an array or an object."#),
      "an invalid notification is answered too")
    XCTAssertEqual(
      error(#"{"jsonrpc":"2.0","method":"a","id":{"x":1}}"#),
      invalid(.null, #"The member "id" must be a string, a number or null."#))
    XCTAssertEqual(
      error(#"{"jsonrpc":"2.0","method":"a","id":true}"#),
      invalid(.null, #"The member "id" must be a string, a number or null."#))
    XCTAssertEqual(error(#""hello""#), invalid(.null, "A request must be an object, not string."))
    XCTAssertEqual(error("null"), invalid(.null, "A request must be an object, not null."))
  }

  func testValidRequestsAndNotifications() {
    XCTAssertEqual(
      RPCIncoming(
        parsing: #"{"jsonrpc":"2.0","method":"store.send","params":{"action":"x"},"id":1.5}"#),
      .single(.request(RPCRequest(id: .number(1.5), method: "store.send", params: ["action": "x"])))
    )
    XCTAssertEqual(
      RPCIncoming(parsing: #"{"jsonrpc":"2.0","method":"a","id":null,"extra":1}"#),
      .single(.request(RPCRequest(id: .null, method: "a"))),
      "a null id is a request, not a notification")
    let notification = RPCIncoming(parsing: #"{"jsonrpc":"2.0","method":"a","params":[]}"#)
    XCTAssertEqual(notification, .single(.request(.notification("a", params: []))))
    XCTAssertEqual(notification.calls.count, 1)
    if case .single(.request(let request)) = notification {
      XCTAssertTrue(request.isNotification)
    }
    let batch = RPCIncoming(parsing: #"[{"jsonrpc":"2.0","method":"a","id":1},[]]"#)
    XCTAssertEqual(batch.calls.count, 2)
    if case .batch(let calls) = batch {
      XCTAssertEqual(calls[0], .request(RPCRequest(id: 1, method: "a")))
      XCTAssertEqual(calls[1].isInvalidRequest, true)
    } else {
      XCTFail("expected a batch")
    }
    XCTAssertEqual(
      RPCIncoming(parsing: Array(#"{"jsonrpc":"2.0","method":"m"}"#.utf8)[...]),
      .single(.request(.notification("m"))))
  }

  func testParameterLookup() {
    let named = RPCRequest(id: 1, method: "m", params: ["a": 1])
    XCTAssertEqual(named.parameter("a"), 1)
    XCTAssertEqual(named.parameter("a", position: 5), 1)
    XCTAssertNil(named.parameter("b"))
    let positional = RPCRequest(id: 1, method: "m", params: [10, 20])
    XCTAssertEqual(positional.parameter("a", position: 1), 20)
    XCTAssertNil(positional.parameter("a"))
    XCTAssertNil(positional.parameter("a", position: 2))
    XCTAssertNil(RPCRequest(id: 1, method: "m").parameter("a", position: 0))
  }
}

extension RPCCall {
  fileprivate var isInvalidRequest: Bool {
    if case .invalid(let response) = self { return response.error?.code == .invalidRequest }
    return false
  }
}
