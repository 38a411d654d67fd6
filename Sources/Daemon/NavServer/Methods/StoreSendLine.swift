// The wire form of the request clients send most, read and answered without a JSON tree.

import NavProtocol

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
struct StoreSendLine: Sendable, Equatable {
  /// The request's id: ``RPCID/integer(_:)`` or ``RPCID/string(_:)``.
  var id: RPCID
  /// The action, written as a path (`"incrementButtonTapped"`, `"path.element(-1).screenC…"`).
  var action: String
  /// The session named in the params, or `nil` for the client's attached session.
  var session: String?

  /// Creates the request from its parts.
  init(id: RPCID, action: String, session: String? = nil) {
    self.id = id
    self.action = action
    self.session = session
  }

  /// Recognizes `line` (without its newline), or returns `nil` when it is not a `store.send`
  /// request of the common shape.
  init?(scanning line: [UInt8]) {
    guard let scanned = line.withUnsafeBufferPointer({ StoreSendLine(scanning: $0) }) else {
      return nil
    }
    self = scanned
  }

  /// Recognizes the line in `bytes` (without its newline), or returns `nil` when it is not a
  /// `store.send` request of the common shape.
  init?(scanning bytes: UnsafeBufferPointer<UInt8>) {
    self.init(scanning: bytes, reusingAction: nil)
  }

  /// Recognizes the line in `bytes` (without its newline), or returns `nil` when it is not a
  /// `store.send` request of the common shape; when its action is `previous`, ``action`` is
  /// that string rather than a new one (a client usually repeats a few actions, and a string
  /// of more than 15 bytes is an allocation).
  init?(scanning bytes: UnsafeBufferPointer<UInt8>, reusingAction previous: String?) {
    var scanner = Scanner(bytes: bytes)
    // The parts are ranges of the line until here, where the strings are made: no string is
    // copied or destroyed on the way.
    guard let parts = scanner.request() else { return nil }
    self.id = parts.id
    self.action = scanner.reusing(previous, for: parts.action)
    self.session = parts.session.map(scanner.string)
  }

  /// The response line to a request with `id` whose result is `{"version": version}`, with its
  /// newline: the same bytes the general path writes.
  static func response(id: RPCID, version: UInt64) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(64)
    writeResponse(id: id, version: version, into: &output)
    return output
  }

  /// Appends ``response(id:version:)``'s bytes to `output`.
  static func writeResponse(id: RPCID, version: UInt64, into output: inout [UInt8]) {
    // Laid out in a buffer on the stack and appended in one copy (each `append(contentsOf:)`
    // costs a capacity check and a call). 128 bytes: the longest line, with an integer id, is
    // 37 + 20 (version) + 7 + 20 (sign and id) + 2 = 86; a number's digits are written
    // backwards at the end (from byte 108) in one pass, then moved into place.
    var line:
      (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64
      ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &line) { buffer in
      let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
      let scratchEnd = buffer.count
      var end = 0
      func put(_ literal: StaticString) {
        (base + end).update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        end += literal.utf8CodeUnitCount
      }
      func put(_ magnitude: UInt64, negative: Bool) {
        if negative {
          base[end] = UInt8(ascii: "-")
          end += 1
        }
        var start = scratchEnd
        var value = magnitude
        repeat {
          start -= 1
          base[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
          value /= 10
        } while value > 0
        (base + end).update(from: base + start, count: scratchEnd - start)
        end += scratchEnd - start
      }
      put(#"{"jsonrpc":"2.0","result":{"version":"#)
      put(version, negative: false)
      put(#"},"id":"#)
      if case .integer(let integer) = id {
        put(UInt64(integer.magnitude), negative: integer < 0)
        put("}\n")
        output.append(contentsOf: UnsafeBufferPointer(start: base, count: end))
        return
      }
      output.append(contentsOf: UnsafeBufferPointer(start: base, count: end))
      if case .string(let string) = id {
        JSONWriter.writeString(string, into: &output)
      } else {
        // Never scanned; written the general way should someone build one by hand.
        try? JSONWriter().write(id.json, into: &output)
      }
      output.append(contentsOf: "}\n".utf8)
    }
  }
}

/// The one-pass reader behind ``StoreSendLine/init(scanning:)``.
///
/// It reads through a raw pointer with explicit bounds checks, and strings are ranges of the
/// line until one is kept: slices and generic comparisons cost ten times the instructions.
private struct Scanner {
  let base: UnsafePointer<UInt8>
  let count: Int
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    // An empty line has no base address; any non-nil pointer does, as nothing is read from it.
    self.base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
    self.count = bytes.count
  }

  /// The bytes between a string's quotes: `start` and `end` (exclusive) in the line.
  struct Text {
    let start: Int
    let end: Int
  }

  /// The members the request must have, each seen at most once.
  private struct Seen: OptionSet {
    let rawValue: UInt8
    static let jsonrpc = Seen(rawValue: 1)
    static let id = Seen(rawValue: 2)
    static let method = Seen(rawValue: 4)
    static let params = Seen(rawValue: 8)
    static let all: Seen = [.jsonrpc, .id, .method, .params]
  }

  /// A request's id, and its action and session as ranges of the line.
  struct Parts {
    let id: RPCID
    let action: Text
    let session: Text?
  }

  /// Reads the whole line as a `store.send` request of the common shape, or returns `nil`.
  mutating func request() -> Parts? {
    var seen: Seen = []
    var id: RPCID?
    var action: Text?
    var session: Text?
    guard consume(UInt8(ascii: "{")) else { return nil }
    repeat {
      // A member is told by the byte after its opening quote, then its name and any fixed
      // value are compared in place, quotes included, eight bytes at a time: first as compact
      // JSON writes them (name, colon and fixed value together, one compare), then allowing
      // whitespace between them.
      guard let initial = memberInitial() else { return nil }
      let member: Seen
      switch initial {
      case UInt8(ascii: "j"):
        guard
          consumeCompact(#""jsonrpc":"2.0""#)
            || (consumeLiteral(#""jsonrpc""#) && consume(UInt8(ascii: ":"))
              && consumeLiteral(#""2.0""#))
        else { return nil }
        member = .jsonrpc
      case UInt8(ascii: "i"):
        guard
          consumeCompact(#""id":"#)
            || (consumeLiteral(#""id""#) && consume(UInt8(ascii: ":"))),
          let value = idValue()
        else { return nil }
        id = value
        member = .id
      case UInt8(ascii: "m"):
        guard
          consumeCompact(#""method":"store.send""#)
            || (consumeLiteral(#""method""#) && consume(UInt8(ascii: ":"))
              && consumeLiteral(#""store.send""#))
        else { return nil }
        member = .method
      case UInt8(ascii: "p"):
        guard
          consumeCompact(#""params":"#)
            || (consumeLiteral(#""params""#) && consume(UInt8(ascii: ":"))),
          sendParams(action: &action, session: &session)
        else { return nil }
        member = .params
      default:
        return nil
      }
      guard !seen.contains(member) else { return nil }
      seen.insert(member)
    } while consume(UInt8(ascii: ","))
    guard consume(UInt8(ascii: "}")), atEnd, seen == .all, let id, let action else { return nil }
    return Parts(id: id, action: action, session: session)
  }

  /// `{"action": "…"}` or `{"action": "…", "session": "…"}`, in either order, into `action`
  /// and `session`.
  private mutating func sendParams(action: inout Text?, session: inout Text?) -> Bool {
    guard consume(UInt8(ascii: "{")) else { return false }
    repeat {
      guard let initial = memberInitial() else { return false }
      switch initial {
      case UInt8(ascii: "a"):
        guard action == nil,
          consumeCompact(#""action":"#)
            || (consumeLiteral(#""action""#) && consume(UInt8(ascii: ":"))),
          let value = plainString()
        else { return false }
        action = value
      case UInt8(ascii: "s"):
        guard session == nil,
          consumeCompact(#""session":"#)
            || (consumeLiteral(#""session""#) && consume(UInt8(ascii: ":"))),
          let value = plainString()
        else { return false }
        session = value
      default:
        return false
      }
    } while consume(UInt8(ascii: ","))
    return consume(UInt8(ascii: "}")) && action != nil
  }

  /// Skips whitespace and returns the first letter of the member name that opens there, without
  /// taking anything; `nil` when no quoted name opens there.
  @inline(__always)
  private mutating func memberInitial() -> UInt8? {
    skipWhitespace()
    guard position + 1 < count, base[position] == UInt8(ascii: "\"") else { return nil }
    return base[position + 1]
  }

  /// An integer id (at most 18 digits, so it fits any `Int`) or a plain string id.
  private mutating func idValue() -> RPCID? {
    skipWhitespace()
    guard position < count else { return nil }
    if base[position] == UInt8(ascii: "\"") {
      return plainString().map { .string(string($0)) }
    }
    let negative = base[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let start = position
    var value = 0
    while position < count {
      let digit = Int(base[position]) &- Int(UInt8(ascii: "0"))
      guard digit >= 0, digit <= 9 else { break }
      value = value &* 10 &+ digit
      position += 1
    }
    let digits = position - start
    guard digits >= 1, digits <= 18 else { return nil }
    // JSON has no leading zeros; a fraction or exponent makes it a number the general path
    // keeps as written.
    if digits > 1, base[start] == UInt8(ascii: "0") { return nil }
    // `-0` is the double -0.0 to the general path, which echoes it as such.
    if negative, value == 0 { return nil }
    if position < count,
      base[position] == UInt8(ascii: ".") || base[position] | 0x20 == UInt8(ascii: "e")
    {
      return nil
    }
    return .integer(negative ? -value : value)
  }

  /// A string of printable ASCII without escapes.
  @inline(__always)
  private mutating func plainString() -> Text? {
    guard consume(UInt8(ascii: "\"")) else { return nil }
    let start = position
    // Eight bytes at a time while none of them ends the string or disqualifies it.
    while position + 8 <= count,
      !Self.hasSpecialByte(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
    {
      position += 8
    }
    while position < count {
      let byte = base[position]
      position += 1
      if byte == UInt8(ascii: "\"") { return Text(start: start, end: position - 1) }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
    }
    return nil
  }

  /// Whether any byte of `word` is a quote, a backslash, a control character, DEL or beyond
  /// ASCII: the bytes a plain string's fast scan must stop at.
  ///
  /// The classic bit tricks: `(x - 0x01…) & ~x & 0x80…` is non-zero exactly when some byte of
  /// `x` is zero, and with `0x20…` instead of `0x01…` when some byte is below 0x20.
  static func hasSpecialByte(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
    let quote = hasZero(word ^ (ones &* 0x22))
    let backslash = hasZero(word ^ (ones &* 0x5C))
    let delete = hasZero(word ^ (ones &* 0x7F))
    let control = (word &- ones &* 0x20) & ~word & high
    return (quote | backslash | delete | control | (word & high)) != 0
  }

  /// Skips whitespace, then takes `literal` if its bytes are next.
  @inline(__always)
  private mutating func consumeLiteral(_ literal: StaticString) -> Bool {
    skipWhitespace()
    return consumeCompact(literal)
  }

  /// Takes `literal` if its bytes are next, skipping no whitespace.
  @inline(__always)
  private mutating func consumeCompact(_ literal: StaticString) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard count - position >= length else { return false }
    let here = UnsafeRawPointer(base + position)
    let there = UnsafeRawPointer(literal.utf8Start)
    if length >= 8 {
      // Whole words; the last one overlaps the one before when the length is not a multiple of
      // eight.
      var offset = 0
      while offset < length - 8 {
        guard
          here.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == there.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        else { return false }
        offset += 8
      }
      guard
        here.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
          == there.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
      else { return false }
    } else {
      for offset in 0..<length {
        guard
          here.load(fromByteOffset: offset, as: UInt8.self)
            == there.load(fromByteOffset: offset, as: UInt8.self)
        else { return false }
      }
    }
    position += length
    return true
  }

  /// `previous` when it is `text`'s string, else a new string.
  func reusing(_ previous: String?, for text: Text) -> String {
    guard let previous else { return string(text) }
    let length = text.end - text.start
    // Read in place (`withUTF8` is mutating: it checks that the string is unique first). A
    // string made by `string(_:)` is native, so its bytes are always contiguous.
    let same = previous.utf8.withContiguousStorageIfAvailable { utf8 in
      guard utf8.count == length else { return false }
      guard length > 0 else { return true }
      let here = UnsafeRawPointer(base + text.start)
      let there = UnsafeRawPointer(utf8.baseAddress!)
      var offset = 0
      // Eight bytes at a time, then the rest: `elementsEqual` on buffers cost ten times as much.
      while offset + 8 <= length {
        guard
          here.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == there.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        else { return false }
        offset += 8
      }
      while offset < length {
        guard
          here.load(fromByteOffset: offset, as: UInt8.self)
            == there.load(fromByteOffset: offset, as: UInt8.self)
        else { return false }
        offset += 1
      }
      return true
    }
    return same == true ? previous : string(text)
  }

  /// `text` as a `String`.
  func string(_ text: Text) -> String {
    String(
      decoding: UnsafeBufferPointer(start: base + text.start, count: text.end - text.start),
      as: UTF8.self)
  }

  /// Skips whitespace, then takes `byte` if it is next.
  @inline(__always)
  private mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard position < count, base[position] == byte else { return false }
    position += 1
    return true
  }

  private var atEnd: Bool {
    mutating get {
      skipWhitespace()
      return position == count
    }
  }

  @inline(__always)
  private mutating func skipWhitespace() {
    while position < count {
      switch base[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }
}
