// JSON-RPC 2.0 responses: a result or an error for one request.

// MARK: - RPCResponse

/// A JSON-RPC response: the request's id with either a result or an error.
public struct RPCResponse: Hashable, Sendable {
  /// What a request produced.
  public enum Outcome: Hashable, Sendable {
    /// The request succeeded with this value.
    case result(JSONValue)
    /// The request failed.
    case error(RPCError)
  }

  /// The id of the request answered, or ``RPCID/null`` when it could not be read.
  public var id: RPCID
  /// The result or the error.
  public var outcome: Outcome

  /// Creates a response with `outcome`.
  public init(id: RPCID, outcome: Outcome) {
    self.id = id
    self.outcome = outcome
  }

  /// Creates a successful response.
  public init(id: RPCID, result: JSONValue) {
    self.init(id: id, outcome: .result(result))
  }

  /// Creates an error response.
  public init(id: RPCID, error: RPCError) {
    self.init(id: id, outcome: .error(error))
  }

  /// The result, or `nil` for an error response.
  public var result: JSONValue? {
    if case .result(let value) = outcome { return value }
    return nil
  }

  /// The error, or `nil` for a successful response.
  public var error: RPCError? {
    if case .error(let error) = outcome { return error }
    return nil
  }

  // MARK: Reading

  /// Reads a response object, or throws an invalid-request error saying what is wrong with it.
  public init(json: JSONValue) throws(RPCError) {
    guard case .object(let object) = json else {
      throw RPCError(.invalidRequest, data: "A response must be an object, not \(json.typeName).")
    }
    guard case .string("2.0") = object["jsonrpc"] else {
      throw RPCError(.invalidRequest, data: "The member \"jsonrpc\" must be \"2.0\".")
    }
    guard let idValue = object["id"], let id = RPCID(json: idValue) else {
      throw RPCError(
        .invalidRequest, data: "A response's \"id\" must be a string, a number or null.")
    }
    switch (object["result"], object["error"]) {
    case (let result?, nil): self.init(id: id, result: result)
    case (nil, let error?): self.init(id: id, error: try RPCError(json: error))
    default:
      throw RPCError(
        .invalidRequest, data: "A response must have exactly one of \"result\" and \"error\".")
    }
  }

  // MARK: Writing

  /// The response object: `{"jsonrpc":"2.0","result":…,"id":…}` or
  /// `{"jsonrpc":"2.0","error":{…},"id":…}`.
  public var json: JSONValue {
    var object = JSONObject()
    object.reserveCapacity(3)
    object["jsonrpc"] = "2.0"
    switch outcome {
    case .result(let value): object["result"] = value
    case .error(let error): object["error"] = error.json
    }
    object["id"] = id.json
    return .object(object)
  }

  /// The response as one line of JSON text, without the newline: the text of ``json``.
  public func encoded(with writer: JSONWriter = JSONWriter()) throws(JSONWriteError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(64)
    try write(into: &output, with: writer)
    return output
  }

  /// Appends the response as JSON text (the text of ``json``) to `output`, without a newline.
  public func write(into output: inout [UInt8], with writer: JSONWriter = JSONWriter())
    throws(JSONWriteError)
  {
    // Written directly rather than through `json`, which would build an object first.
    switch outcome {
    case .result(let value):
      output.append(contentsOf: #"{"jsonrpc":"2.0","result":"#.utf8)
      try writer.write(value, into: &output)
    case .error(let error):
      output.append(contentsOf: #"{"jsonrpc":"2.0","error":"#.utf8)
      try writer.write(error.json, into: &output)
    }
    output.append(contentsOf: #","id":"#.utf8)
    try writer.write(id.json, into: &output)
    output.append(UInt8(ascii: "}"))
  }

  /// The responses to a batch as one line of JSON text (an array), or `nil` when there are none,
  /// in which case JSON-RPC says to send nothing at all.
  public static func encodedBatch(
    _ responses: [RPCResponse], with writer: JSONWriter = JSONWriter()
  ) throws(JSONWriteError) -> [UInt8]? {
    guard !responses.isEmpty else { return nil }
    var output: [UInt8] = [UInt8(ascii: "[")]
    output.reserveCapacity(64 * responses.count)
    for (position, response) in responses.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      try response.write(into: &output, with: writer)
    }
    output.append(UInt8(ascii: "]"))
    return output
  }
}
