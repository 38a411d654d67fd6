import NavProtocol
import XCTest

/// Encoding and decoding of requests, responses, notifications and error objects.
final class RPCEncodingTests: XCTestCase {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  func testErrorCodes() {
    let codes: [(RPCErrorCode, Int, String)] = [
      (.parseError, -32700, "Parse error"),
      (.invalidRequest, -32600, "Invalid Request"),
      (.methodNotFound, -32601, "Method not found"),
      (.invalidParams, -32602, "Invalid params"),
      (.internalError, -32603, "Internal error"),
      (.actionNotDecoded, -32001, "Action could not be decoded"),
      (.luaError, -32002, "Lua error"),
      (.timedOut, -32003, "Timed out"),
      (.scriptBudgetExceeded, -32004, "Script budget exceeded"),
      (.noSuchSession, -32005, "No such session"),
      (.permissionDenied, -32006, "Permission denied"),
      (.limitReached, -32007, "Limit reached"),
      (-32050, -32050, "Server error"),
      (7, 7, "Error"),
    ]
    for (code, raw, message) in codes {
      XCTAssertEqual(code.rawValue, raw)
      XCTAssertEqual(code.standardMessage, message)
      XCTAssertEqual(RPCError(code).message, message)
      XCTAssertEqual(code.description, String(raw))
    }
  }

  func testErrorObjects() throws {
    let error = RPCError(
      .luaError, message: "attempt to index a nil value", data: "stack traceback:\n\t[C]: in ?")
    XCTAssertEqual(
      try error.json.jsonString(),
      #"{"code":-32002,"message":"attempt to index a nil value","data":"stack traceback:\n\t[C]: in ?"}"#
    )
    XCTAssertEqual(try RPCError(json: error.json), error)
    XCTAssertEqual(
      try RPCError(.timedOut).json.jsonString(), #"{"code":-32003,"message":"Timed out"}"#)
    XCTAssertEqual(
      RPCError(.noSuchSession, data: "No session is called \"x\".").description,
      "-32005 No such session: No session is called \"x\".")
    XCTAssertEqual(
      RPCError(.limitReached, data: ["max": 8]).description, #"-32007 Limit reached: {"max":8}"#)
    XCTAssertThrowsError(try RPCError(json: ["code": "x", "message": "m"]))
    XCTAssertThrowsError(try RPCError(json: ["code": 1.5, "message": "m"]))
    XCTAssertThrowsError(try RPCError(json: ["code": 1]))
    XCTAssertThrowsError(try RPCError(json: [1]))
  }

  func testResponses() throws {
    XCTAssertEqual(
      text(try RPCResponse(id: 1, result: ["version": 3]).encoded()),
      #"{"jsonrpc":"2.0","result":{"version":3},"id":1}"#)
    XCTAssertEqual(
      text(try RPCResponse(id: .null, error: RPCError(.parseError)).encoded()),
      #"{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}"#)
    XCTAssertEqual(
      text(try RPCResponse(id: "x", result: nil).encoded()),
      #"{"jsonrpc":"2.0","result":null,"id":"x"}"#)
    XCTAssertNil(try RPCResponse.encodedBatch([]))
    XCTAssertEqual(
      try RPCResponse.encodedBatch([
        RPCResponse(id: 1, result: true), RPCResponse(id: 2, result: false),
      ])
      .map(text),
      #"[{"jsonrpc":"2.0","result":true,"id":1},{"jsonrpc":"2.0","result":false,"id":2}]"#)
    XCTAssertThrowsError(try RPCResponse(id: 1, result: .number(.nan)).encoded())
    let response = RPCResponse(id: 9, result: 1)
    XCTAssertEqual(response.result, 1)
    XCTAssertNil(response.error)
    XCTAssertEqual(RPCResponse(id: 9, error: RPCError(.timedOut)).error?.code, .timedOut)
  }

  func testServerNotification() throws {
    let event = RPCRequest.notification(
      "event.state",
      params: [
        "session": "main", "version": 4,
        "patch": [["op": "replace", "path": "/count", "value": 2]],
      ])
    XCTAssertEqual(
      text(try event.encoded()),
      #"{"jsonrpc":"2.0","method":"event.state","params":{"session":"main","version":4,"#
        + #""patch":[{"op":"replace","path":"/count","value":2}]}}"#)
    XCTAssertEqual(
      text(try RPCRequest(id: "r1", method: "navd.status").encoded()),
      #"{"jsonrpc":"2.0","method":"navd.status","id":"r1"}"#)
  }

  func testClientReadsResponsesAndNotifications() throws {
    let line = Array(
      (#"[{"jsonrpc":"2.0","result":19,"id":1},{"jsonrpc":"2.0","method":"event.action","params":{"v":1}},"#
        + #"{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":"2"}]"#).utf8
    )
    XCTAssertEqual(
      try RPCMessage.messages(parsing: line),
      [
        .response(RPCResponse(id: 1, result: 19)),
        .request(.notification("event.action", params: ["v": 1])),
        .response(RPCResponse(id: "2", error: RPCError(.methodNotFound))),
      ])
    XCTAssertEqual(
      try RPCMessage.messages(parsing: Array(#"{"jsonrpc":"2.0","result":[],"id":null}"#.utf8)),
      [.response(RPCResponse(id: .null, result: []))])
    XCTAssertEqual(
      RPCMessage.response(RPCResponse(id: 1, result: 2)).json,
      ["jsonrpc": "2.0", "result": 2, "id": 1])
    XCTAssertThrowsError(try RPCMessage.messages(parsing: Array("{".utf8))) { error in
      XCTAssertEqual((error as? RPCError)?.code, .parseError)
    }
    for bad in [
      #"{"jsonrpc":"2.0","result":1}"#, #"{"jsonrpc":"2.0","id":1}"#,
      #"{"jsonrpc":"2.0","result":1,"error":{"code":1,"message":"m"},"id":1}"#,
      #"{"result":1,"id":1}"#, #"{"jsonrpc":"2.0","result":1,"id":[1]}"#, "3",
    ] {
      XCTAssertThrowsError(try RPCMessage.messages(parsing: Array(bad.utf8)), bad) { error in
        XCTAssertEqual((error as? RPCError)?.code, .invalidRequest, bad)
      }
    }
  }

  func testRequestRoundTrip() throws {
    let requests = [
      RPCRequest(id: 1, method: "store.send", params: ["action": "counter.incrementButtonTapped"]),
      RPCRequest(id: "abc", method: "lua.eval", params: ["code": "return 1"]),
      RPCRequest(id: .null, method: "x"),
      RPCRequest(id: .number(2.5), method: "x", params: [1, 2]),
      .notification("event.state", params: ["version": 1]),
    ]
    for request in requests {
      let parsed = RPCIncoming(parsing: try request.encoded())
      XCTAssertEqual(parsed, .single(.request(request)))
      XCTAssertEqual(try RPCMessage(json: request.json), .request(request))
    }
  }

  func testDirectEncodingMatchesTheJSONValue() throws {
    var rng = SeededGenerator(seed: 5)
    for _ in 0..<200 {
      let value = RandomJSON.value(depth: 3, using: &rng)
      let params: JSONValue = .array([value])
      let messages: [(bytes: [UInt8], json: JSONValue)] = [
        (try RPCResponse(id: 3, result: value).encoded(), RPCResponse(id: 3, result: value).json),
        (
          try RPCResponse(id: "e", error: RPCError(.luaError, data: value)).encoded(),
          RPCResponse(id: "e", error: RPCError(.luaError, data: value)).json
        ),
        (
          try RPCRequest(id: nil, method: "m\n", params: params).encoded(),
          RPCRequest(id: nil, method: "m\n", params: params).json
        ),
        (try RPCRequest(id: .null, method: "x").encoded(), RPCRequest(id: .null, method: "x").json),
      ]
      for message in messages {
        XCTAssertEqual(message.bytes, try JSONWriter().bytes(message.json))
      }
    }
  }

  func testIDs() {
    XCTAssertEqual(RPCID(json: 3), .integer(3))
    XCTAssertEqual(RPCID(json: 3.5), .number(3.5))
    XCTAssertEqual(RPCID(json: "a"), .string("a"))
    XCTAssertEqual(RPCID(json: nil), .null)
    XCTAssertNil(RPCID(json: true))
    XCTAssertNil(RPCID(json: []))
    XCTAssertNil(RPCID(json: [:]))
    XCTAssertEqual(RPCID.string("a").description, #""a""#)
    XCTAssertEqual(RPCID.integer(4).json, 4)
  }
}
