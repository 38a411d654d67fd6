// The wire form of the request clients send most, read and answered without a JSON tree.

/// A `store.send` request line of the common shape, recognized by a byte scanner.
///
/// Most traffic on a control socket is one request shape: `store.send` with an action path
/// string, such as
///
/// ```json
/// {"jsonrpc":"2.0","id":7,"method":"store.send","params":{"action":"incrementButtonTapped"}}
/// ```
///
/// Parsing that into a ``JSONValue`` tree, routing it through the method table and writing a
/// tree back costs several times what the store does with the action. This scanner reads the
/// line in one pass instead, and ``response(id:version:)`` writes the answer's bytes directly.
///
/// It is strict on purpose: members in any order, JSON whitespace anywhere, an integer or plain
/// string `id`, and `params` holding `action` and optionally `session`, each a string of
/// printable ASCII without escapes. Anything else (a batch, a notification, `args`, escapes,
/// non-ASCII text, duplicate or unknown members, malformed JSON) is `nil`, and the daemon's
/// general path, which also reports every error, handles the line.
public struct StoreSendLine: Sendable, Equatable {
  /// The request's id: ``RPCID/integer(_:)`` or ``RPCID/string(_:)``.
  public var id: RPCID
  /// The action, written as a path (`"incrementButtonTapped"`, `"path.element(-1).screenC…"`).
  public var action: String
  /// The session named in the params, or `nil` for the client's attached session.
  public var session: String?

  /// Creates the request from its parts.
  public init(id: RPCID, action: String, session: String? = nil) {
    self.id = id
    self.action = action
    self.session = session
  }

  /// Recognizes `line` (without its newline), or returns `nil` when it is not a `store.send`
  /// request of the common shape.
  public init?(scanning line: [UInt8]) {
    let scanned: StoreSendLine? = line.withUnsafeBufferPointer { bytes in
      var scanner = Scanner(bytes: bytes)
      return scanner.request()
    }
    guard let scanned else { return nil }
    self = scanned
  }

  /// The response line to a request with `id` whose result is `{"version": version}`, with its
  /// newline: the same bytes the general path writes.
  public static func response(id: RPCID, version: UInt64) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(64)
    output.append(contentsOf: #"{"jsonrpc":"2.0","result":{"version":"#.utf8)
    appendDecimal(version, negative: false, to: &output)
    output.append(contentsOf: #"},"id":"#.utf8)
    switch id {
    case .integer(let integer):
      appendDecimal(UInt64(integer.magnitude), negative: integer < 0, to: &output)
    case .string(let string):
      JSONWriter.writeString(string, into: &output)
    case .number, .null:
      // Never scanned; written the general way should someone build one by hand.
      try? JSONWriter().write(id.json, into: &output)
    }
    output.append(contentsOf: "}\n".utf8)
    return output
  }

  private static func appendDecimal(_ magnitude: UInt64, negative: Bool, to output: inout [UInt8]) {
    if negative { output.append(UInt8(ascii: "-")) }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
    withUnsafeMutableBytes(of: &digits) { buffer in
      var value = magnitude
      var start = buffer.count
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      } while value > 0
      output.append(contentsOf: buffer[start...])
    }
  }
}

/// The one-pass reader behind ``StoreSendLine/init(scanning:)``.
private struct Scanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The members the request must have, each seen at most once.
  private struct Seen: OptionSet {
    let rawValue: UInt8
    static let jsonrpc = Seen(rawValue: 1)
    static let id = Seen(rawValue: 2)
    static let method = Seen(rawValue: 4)
    static let params = Seen(rawValue: 8)
    static let all: Seen = [.jsonrpc, .id, .method, .params]
  }

  mutating func request() -> StoreSendLine? {
    var seen: Seen = []
    var id: RPCID?
    var params: (action: String, session: String?)?
    guard consume(UInt8(ascii: "{")) else { return nil }
    repeat {
      guard let key = plainString() else { return nil }
      guard consume(UInt8(ascii: ":")) else { return nil }
      let member: Seen
      if key.elementsEqual("jsonrpc".utf8) {
        guard let version = plainString(), version.elementsEqual("2.0".utf8) else { return nil }
        member = .jsonrpc
      } else if key.elementsEqual("id".utf8) {
        guard let value = idValue() else { return nil }
        id = value
        member = .id
      } else if key.elementsEqual("method".utf8) {
        guard let method = plainString(), method.elementsEqual("store.send".utf8) else {
          return nil
        }
        member = .method
      } else if key.elementsEqual("params".utf8) {
        guard let value = sendParams() else { return nil }
        params = value
        member = .params
      } else {
        return nil
      }
      guard !seen.contains(member) else { return nil }
      seen.insert(member)
    } while consume(UInt8(ascii: ","))
    guard consume(UInt8(ascii: "}")), atEnd, seen == .all, let id, let params else { return nil }
    return StoreSendLine(id: id, action: params.action, session: params.session)
  }

  /// `{"action": "…"}` or `{"action": "…", "session": "…"}`, in either order.
  private mutating func sendParams() -> (action: String, session: String?)? {
    var action: String?
    var session: String?
    guard consume(UInt8(ascii: "{")) else { return nil }
    repeat {
      guard let key = plainString(), consume(UInt8(ascii: ":")), let value = plainString() else {
        return nil
      }
      if key.elementsEqual("action".utf8), action == nil {
        action = String(decoding: value, as: UTF8.self)
      } else if key.elementsEqual("session".utf8), session == nil {
        session = String(decoding: value, as: UTF8.self)
      } else {
        return nil
      }
    } while consume(UInt8(ascii: ","))
    guard consume(UInt8(ascii: "}")), let action else { return nil }
    return (action, session)
  }

  /// An integer id (at most 18 digits, so it fits any `Int`) or a plain string id.
  private mutating func idValue() -> RPCID? {
    skipWhitespace()
    guard position < bytes.count else { return nil }
    if bytes[position] == UInt8(ascii: "\"") {
      return plainString().map { .string(String(decoding: $0, as: UTF8.self)) }
    }
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let start = position
    var value = 0
    while position < bytes.count, let digit = Self.digit(bytes[position]) {
      value = value &* 10 &+ digit
      position += 1
    }
    let count = position - start
    guard count >= 1, count <= 18 else { return nil }
    // JSON has no leading zeros; a fraction or exponent makes it a number the general path
    // keeps as written.
    if count > 1, bytes[start] == UInt8(ascii: "0") { return nil }
    if position < bytes.count,
      bytes[position] == UInt8(ascii: ".") || bytes[position] | 0x20 == UInt8(ascii: "e")
    {
      return nil
    }
    return .integer(negative ? -value : value)
  }

  private static func digit(_ byte: UInt8) -> Int? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
  }

  /// A string of printable ASCII without escapes, as the bytes between its quotes.
  private mutating func plainString() -> UnsafeBufferPointer<UInt8>.SubSequence? {
    guard consume(UInt8(ascii: "\"")) else { return nil }
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return bytes[start..<(position - 1)]
      }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
      position += 1
    }
    return nil
  }

  /// Skips whitespace, then takes `byte` if it is next.
  private mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  private var atEnd: Bool {
    mutating get {
      skipWhitespace()
      return position == bytes.count
    }
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }
}
