// JSON-RPC 2.0 error objects and the error codes navd answers with.

// MARK: - RPCErrorCode

/// A JSON-RPC error code: JSON-RPC 2.0's reserved codes and navd's own.
public struct RPCErrorCode: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The code as it appears on the wire.
  public var rawValue: Int

  /// Wraps the code `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Wraps the code written as an integer literal.
  public init(integerLiteral value: Int) { self.rawValue = value }

  // MARK: JSON-RPC 2.0

  /// -32700: the line is not valid JSON.
  public static let parseError: RPCErrorCode = -32700
  /// -32600: the JSON is not a valid request object.
  public static let invalidRequest: RPCErrorCode = -32600
  /// -32601: the method does not exist.
  public static let methodNotFound: RPCErrorCode = -32601
  /// -32602: the method's parameters are invalid.
  public static let invalidParams: RPCErrorCode = -32602
  /// -32603: the server failed while handling the request.
  public static let internalError: RPCErrorCode = -32603

  // MARK: navd

  /// -32001: the action could not be decoded; the message names the failing segment.
  public static let actionNotDecoded: RPCErrorCode = -32001
  /// -32002: Lua code raised an error; the message carries the traceback.
  public static let luaError: RPCErrorCode = -32002
  /// -32003: the request timed out, for example an `await` whose predicate never held.
  public static let timedOut: RPCErrorCode = -32003
  /// -32004: a script ran past its per-request budget and was stopped.
  public static let scriptBudgetExceeded: RPCErrorCode = -32004
  /// -32005: no session has the requested name.
  public static let noSuchSession: RPCErrorCode = -32005
  /// -32006: the client may not do this.
  public static let permissionDenied: RPCErrorCode = -32006
  /// -32007: a limit was reached, such as the number of clients.
  public static let limitReached: RPCErrorCode = -32007
  /// -32008: the frontmost screen has no such control (or text, or nothing to go back from);
  /// the message lists what it has.
  public static let notOnScreen: RPCErrorCode = -32008
  /// -32009: the session's state could not be saved, so the change is not acknowledged (or,
  /// after an earlier failed save, no change is taken until a save succeeds).
  public static let notSaved: RPCErrorCode = -32009
  /// -32010: another client locked the session (`session.lock`), so it takes no change from
  /// this one; the message names the holder.
  public static let locked: RPCErrorCode = -32010

  /// The short message that goes with the code: JSON-RPC's own wording for its codes
  /// (`"Parse error"`, `"Invalid Request"`, …) and navd's for its codes.
  public var standardMessage: String {
    switch rawValue {
    case -32700: "Parse error"
    case -32600: "Invalid Request"
    case -32601: "Method not found"
    case -32602: "Invalid params"
    case -32603: "Internal error"
    case -32001: "Action could not be decoded"
    case -32002: "Lua error"
    case -32003: "Timed out"
    case -32004: "Script budget exceeded"
    case -32005: "No such session"
    case -32006: "Permission denied"
    case -32007: "Limit reached"
    case -32008: "Not on screen"
    case -32009: "Not saved"
    case -32010: "Locked"
    case -32099...(-32000): "Server error"
    default: "Error"
    }
  }

  /// The code as a decimal number.
  public var description: String { String(rawValue) }
}

// MARK: - RPCError

/// A JSON-RPC error object: a code, a one-sentence message and optional data.
public struct RPCError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of error this is.
  public var code: RPCErrorCode
  /// A short description of the error.
  public var message: String
  /// More about the error: a detail string, a traceback, the offending value.
  public var data: JSONValue?

  /// Creates an error with `code`, `message` (the code's standard message when `nil`) and `data`.
  public init(_ code: RPCErrorCode, message: String? = nil, data: JSONValue? = nil) {
    self.code = code
    self.message = message ?? code.standardMessage
    self.data = data
  }

  /// Reads an error object, or throws an invalid-request error saying what is wrong with it.
  public init(json: JSONValue) throws(RPCError) {
    guard case .object(let object) = json else {
      throw RPCError(.invalidRequest, data: "The member \"error\" must be an object.")
    }
    guard case .integer(let code)? = object["code"] else {
      throw RPCError(.invalidRequest, data: "The error's \"code\" must be an integer.")
    }
    guard case .string(let message) = object["message"] else {
      throw RPCError(.invalidRequest, data: "The error's \"message\" must be a string.")
    }
    self.init(RPCErrorCode(rawValue: code), message: message, data: object["data"])
  }

  /// The error object: `{"code":…,"message":…,"data":…}`, without `data` when it is `nil`.
  public var json: JSONValue {
    var object = JSONObject()
    object.reserveCapacity(3)
    object["code"] = .integer(code.rawValue)
    object["message"] = .string(message)
    if let data { object["data"] = data }
    return .object(object)
  }

  /// The code and message, then the data when there is some: `"-32601 Method not found"`.
  public var description: String {
    var text = "\(code.rawValue) \(message)"
    if let data {
      text += ": " + (data.stringValue ?? data.description)
    }
    return text
  }
}
