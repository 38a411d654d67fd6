// Reading one line of the control channel into JSON-RPC 2.0 messages.

// MARK: - RPCCall

/// One request read by a server: a valid request or notification, or the error response that an
/// invalid one gets.
public enum RPCCall: Hashable, Sendable {
  /// A well-formed request, or a notification when its id is `nil`.
  case request(RPCRequest)
  /// A malformed message, with the error response to send back (id `null` when the message's id
  /// could not be read).
  case invalid(RPCResponse)
}

// MARK: - RPCIncoming

/// A line received by a server, read exactly as JSON-RPC 2.0 says: one call or a batch of calls.
///
/// - Text that is not JSON becomes one ``RPCCall/invalid(_:)`` with a -32700 parse error and id
///   `null` (even when it looked like a batch).
/// - A JSON array is a batch: each element is read on its own, so `[1,2,3]` gives three
///   invalid-request errors. The empty array is a single -32600 error, not a batch.
/// - Anything else is a single call: a non-object, a missing or wrong `jsonrpc`, a `method` that
///   is not a string, `params` that are neither array nor object or an `id` that is not a
///   string, number or null give -32600 with the request's id when it could be read, else `null`.
///
/// Every error carries a sentence about the problem in its `data`. Notifications get no response;
/// when a batch holds only notifications the server sends nothing
/// (see ``RPCResponse/encodedBatch(_:with:)``).
public enum RPCIncoming: Hashable, Sendable {
  /// A single call; its response, if any, is a single object.
  case single(RPCCall)
  /// A non-empty batch; the responses go back together as one array.
  case batch([RPCCall])

  /// Reads the JSON text in `line` (without its newline).
  public init(parsing line: UnsafeRawBufferPointer, parser: JSONParser = JSONParser()) {
    self = Self.reading { () throws(JSONParseError) in try parser.parse(line) }
  }

  /// Reads the JSON text in `line` (without its newline).
  public init(parsing line: [UInt8], parser: JSONParser = JSONParser()) {
    self = Self.reading { () throws(JSONParseError) in try parser.parse(line) }
  }

  /// Reads the JSON text in `line` (without its newline).
  public init(parsing line: ArraySlice<UInt8>, parser: JSONParser = JSONParser()) {
    self = Self.reading { () throws(JSONParseError) in try parser.parse(line) }
  }

  /// Reads the JSON text `line` (without its newline).
  public init(parsing line: String, parser: JSONParser = JSONParser()) {
    self = Self.reading { () throws(JSONParseError) in try parser.parse(line) }
  }

  /// Reads an already parsed JSON value.
  public init(json: JSONValue) {
    guard case .array(let elements) = json else {
      self = .single(Self.call(json))
      return
    }
    guard !elements.isEmpty else {
      let error = RPCError(.invalidRequest, data: "A batch must not be empty.")
      self = .single(.invalid(RPCResponse(id: .null, error: error)))
      return
    }
    self = .batch(elements.map(Self.call))
  }

  /// The calls: one for a single call, all of them for a batch.
  public var calls: [RPCCall] {
    switch self {
    case .single(let call): [call]
    case .batch(let calls): calls
    }
  }

  private static func reading(_ parse: () throws(JSONParseError) -> JSONValue) -> RPCIncoming {
    do {
      return RPCIncoming(json: try parse())
    } catch {
      let failure = RPCError(.parseError, data: .string(error.description))
      return .single(.invalid(RPCResponse(id: .null, error: failure)))
    }
  }

  private static func call(_ json: JSONValue) -> RPCCall {
    do {
      return .request(try RPCRequest(json: json))
    } catch {
      let id = json["id"].flatMap { RPCID(json: $0) } ?? .null
      return .invalid(RPCResponse(id: id, error: error))
    }
  }
}

// MARK: - RPCMessage

/// A message read by a client: a response to one of its requests, or a request or notification
/// from the server (such as `event.state`).
public enum RPCMessage: Hashable, Sendable {
  /// A request or notification.
  case request(RPCRequest)
  /// A response.
  case response(RPCResponse)

  /// Reads one message object: a request when it has a `method`, else a response.
  public init(json: JSONValue) throws(RPCError) {
    if json["method"] != nil {
      self = .request(try RPCRequest(json: json))
    } else {
      self = .response(try RPCResponse(json: json))
    }
  }

  /// Reads the messages in a line of JSON text: one, or all of a batch's.
  public static func messages(parsing line: [UInt8], parser: JSONParser = JSONParser())
    throws(RPCError) -> [RPCMessage]
  {
    let json: JSONValue
    do {
      json = try parser.parse(line)
    } catch {
      throw RPCError(.parseError, data: .string(error.description))
    }
    guard case .array(let elements) = json else { return [try RPCMessage(json: json)] }
    var messages: [RPCMessage] = []
    messages.reserveCapacity(elements.count)
    for element in elements { messages.append(try RPCMessage(json: element)) }
    return messages
  }

  /// The message as a JSON value.
  public var json: JSONValue {
    switch self {
    case .request(let request): request.json
    case .response(let response): response.json
    }
  }
}
