// JSON-RPC 2.0 requests and notifications, in either direction.

// MARK: - RPCRequest

/// A JSON-RPC request, or a notification when it has no id.
///
/// Clients send requests and notifications to navd; navd sends notifications such as
/// `{"jsonrpc":"2.0","method":"event.state","params":{…}}` to subscribed clients.
public struct RPCRequest: Hashable, Sendable {
  /// The id to answer with, or `nil` for a notification, which gets no response.
  public var id: RPCID?
  /// The method to invoke.
  public var method: String
  /// The parameters: an array (by position) or an object (by name), or `nil` when there are none.
  public var params: JSONValue?

  /// Creates a request with `id`, or a notification when `id` is `nil`.
  public init(id: RPCID?, method: String, params: JSONValue? = nil) {
    self.id = id
    self.method = method
    self.params = params
  }

  /// Creates a notification: a request without id, which gets no response.
  public static func notification(_ method: String, params: JSONValue? = nil) -> RPCRequest {
    RPCRequest(id: nil, method: method, params: params)
  }

  /// Whether this is a notification.
  public var isNotification: Bool { id == nil }

  /// The parameter called `name` in object params, or the one at `position` in array params;
  /// `nil` when there is no such parameter.
  public func parameter(_ name: String, position: Int? = nil) -> JSONValue? {
    switch params {
    case .object(let object): return object[name]
    case .array(let elements):
      guard let position, elements.indices.contains(position) else { return nil }
      return elements[position]
    default: return nil
    }
  }

  // MARK: Reading

  /// Reads a request object, or throws the invalid-request error to answer it with.
  ///
  /// The error names the problem in its `data`; ``RPCIncoming`` pairs it with the request's id
  /// when the id could be read.
  public init(json: JSONValue) throws(RPCError) {
    guard case .object(let object) = json else {
      throw RPCError(.invalidRequest, data: "A request must be an object, not \(json.typeName).")
    }
    var id: RPCID? = nil
    if let idValue = object["id"] {
      guard let readable = RPCID(json: idValue) else {
        throw RPCError(
          .invalidRequest, data: "The member \"id\" must be a string, a number or null.")
      }
      id = readable
    }
    guard case .string("2.0") = object["jsonrpc"] else {
      throw RPCError(.invalidRequest, data: "The member \"jsonrpc\" must be \"2.0\".")
    }
    guard case .string(let method) = object["method"] else {
      throw RPCError(.invalidRequest, data: "The member \"method\" must be a string.")
    }
    let params = object["params"]
    switch params {
    case nil, .array?, .object?: break
    default:
      throw RPCError(.invalidRequest, data: "The member \"params\" must be an array or an object.")
    }
    self.init(id: id, method: method, params: params)
  }

  // MARK: Writing

  /// The request object: `{"jsonrpc":"2.0","method":…,"params":…,"id":…}`, without `params` or
  /// `id` when they are `nil`.
  public var json: JSONValue {
    var object = JSONObject()
    object.reserveCapacity(4)
    object["jsonrpc"] = "2.0"
    object["method"] = .string(method)
    if let params { object["params"] = params }
    if let id { object["id"] = id.json }
    return .object(object)
  }

  /// The request as one line of JSON text, without the newline: the text of ``json``.
  public func encoded(with writer: JSONWriter = JSONWriter()) throws(JSONWriteError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(128)
    try write(into: &output, with: writer)
    return output
  }

  /// Appends the request as JSON text (the text of ``json``) to `output`, without a newline.
  public func write(into output: inout [UInt8], with writer: JSONWriter = JSONWriter())
    throws(JSONWriteError)
  {
    // Written directly rather than through `json`, which would build an object first.
    output.append(contentsOf: #"{"jsonrpc":"2.0","method":"#.utf8)
    JSONWriter.writeString(method, into: &output)
    if let params {
      output.append(contentsOf: #","params":"#.utf8)
      try writer.write(params, into: &output)
    }
    if let id {
      output.append(contentsOf: #","id":"#.utf8)
      try writer.write(id.json, into: &output)
    }
    output.append(UInt8(ascii: "}"))
  }
}
