// Reading JSON text (RFC 8259) from UTF-8 bytes, strictly and without Foundation.

// MARK: - JSONParseError

/// Why a text is not JSON, with the byte offset where reading stopped.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The problem, as a sentence: `"Expected a value, found ']'."`.
  public var message: String
  /// The 0-based offset of the offending byte in the input.
  public var offset: Int

  /// Creates an error with `message` at byte `offset`.
  public init(_ message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }

  /// The message with the offset: `"Invalid JSON at byte 3: Expected a value, found ']'."`.
  public var description: String { "Invalid JSON at byte \(offset): \(message)" }
}

// MARK: - JSONParser

/// A strict RFC 8259 parser from UTF-8 bytes to ``JSONValue``.
///
/// The parser accepts exactly one JSON value surrounded by optional whitespace and rejects
/// everything else: trailing commas, single quotes, comments, unescaped control characters,
/// invalid UTF-8, lone surrogate escapes, leading zeros, `NaN` and infinities, a byte order mark
/// and anything after the value. Nesting deeper than
/// ``maximumDepth`` is an error, so hostile input cannot exhaust the stack.
///
/// Numbers written without fraction or exponent that fit `Int` become ``JSONValue/integer(_:)``;
/// other finite ones become ``JSONValue/number(_:)`` (`-0` is `.number(-0.0)`, keeping its sign);
/// an integer beyond `Int` or a number beyond `Double`'s range is valid JSON and becomes
/// ``JSONValue/largeNumber(_:)``, its text as written. When an
/// object repeats a key, the last value wins and the key keeps its first position.
public struct JSONParser: Sendable {
  /// The deepest nesting of arrays and objects accepted; `[[1]]` has depth 2.
  public var maximumDepth: Int

  /// Creates a parser that accepts nesting up to `maximumDepth` levels.
  public init(maximumDepth: Int = 128) {
    self.maximumDepth = maximumDepth
  }

  /// Parses the JSON text in `bytes`.
  public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
    try parse(bytes.assumingMemoryBound(to: UInt8.self))
  }

  /// Parses the JSON text in `bytes`.
  public func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
    var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
    return try reader.readDocument()
  }

  /// Parses the JSON text in `bytes`.
  public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try parse(buffer) }
    }.get()
  }

  /// Parses the JSON text in `bytes`.
  public func parse(_ bytes: ArraySlice<UInt8>) throws(JSONParseError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try parse(buffer) }
    }.get()
  }

  /// Parses the JSON text `text`.
  public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(text.utf8)
  }

  /// Parses the JSON text in the UTF-8 view `utf8`.
  public func parse(_ utf8: String.UTF8View) throws(JSONParseError) -> JSONValue {
    let result = utf8.withContiguousStorageIfAvailable { buffer in
      Result { () throws(JSONParseError) in try parse(buffer) }
    }
    return try (result ?? Result { () throws(JSONParseError) in try parse(Array(utf8)) }).get()
  }

  /// Parses the JSON text in the UTF-8 view `utf8`.
  public func parse(_ utf8: Substring.UTF8View) throws(JSONParseError) -> JSONValue {
    let result = utf8.withContiguousStorageIfAvailable { buffer in
      Result { () throws(JSONParseError) in try parse(buffer) }
    }
    return try (result ?? Result { () throws(JSONParseError) in try parse(Array(utf8)) }).get()
  }
}

extension JSONValue {
  /// Parses `text` as JSON with the default ``JSONParser``.
  public init(parsing text: String) throws(JSONParseError) {
    self = try JSONParser().parse(text)
  }

  /// Parses `bytes` as JSON text with the default ``JSONParser``.
  public init(parsing bytes: [UInt8]) throws(JSONParseError) {
    self = try JSONParser().parse(bytes)
  }
}

// MARK: - Reading

/// The parser's cursor over one input.
private struct JSONReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let maximumDepth: Int
  var position = 0
  var depth = 0
  /// Bytes of a string that has escapes, reused between strings.
  var scratch: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  mutating func readDocument() throws(JSONParseError) -> JSONValue {
    let value = try readValue()
    skipWhitespace()
    if position < bytes.count {
      throw JSONParseError(
        "Expected the end of the input after the value, found \(describe(position)).",
        offset: position)
    }
    return value
  }

  // MARK: Values

  mutating func readValue() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    guard position < bytes.count else {
      throw JSONParseError("Expected a value, found the end of the input.", offset: position)
    }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try readObject()
    case UInt8(ascii: "["): return try readArray()
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try readLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
    default:
      throw JSONParseError("Expected a value, found \(describe(position)).", offset: position)
    }
  }

  mutating func readLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError)
    -> JSONValue
  {
    let count = word.utf8CodeUnitCount
    let word = UnsafeBufferPointer(start: word.utf8Start, count: count)
    for offset in 0..<count {
      guard position + offset < bytes.count, bytes[position + offset] == word[offset] else {
        throw JSONParseError(
          "Expected a value, found \(describe(position)).", offset: position)
      }
    }
    position += count
    return value
  }

  mutating func enter() throws(JSONParseError) {
    depth += 1
    if depth > maximumDepth {
      throw JSONParseError(
        "Arrays and objects are nested deeper than \(maximumDepth) levels.", offset: position)
    }
  }

  mutating func readArray() throws(JSONParseError) -> JSONValue {
    try enter()
    position += 1
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array([])
    }
    var elements: [JSONValue] = []
    elements.reserveCapacity(4)
    while true {
      elements.append(try readValue())
      skipWhitespace()
      guard position < bytes.count else {
        throw JSONParseError(
          "Expected ',' or ']' in an array, found the end of the input.", offset: position)
      }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "]"):
        position += 1
        depth -= 1
        return .array(elements)
      default:
        throw JSONParseError(
          "Expected ',' or ']' in an array, found \(describe(position)).", offset: position)
      }
    }
  }

  mutating func readObject() throws(JSONParseError) -> JSONValue {
    try enter()
    position += 1
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(JSONObject())
    }
    // Room for a typical JSON-RPC message's members, so small objects never reallocate.
    var object = JSONObject()
    object.reserveCapacity(4)
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw JSONParseError(
          "Expected a string key in an object, found \(describe(position)).", offset: position)
      }
      let key = try readString()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw JSONParseError(
          "Expected ':' after an object key, found \(describe(position)).", offset: position)
      }
      position += 1
      object.updateValue(try readValue(), forKey: key)
      skipWhitespace()
      guard position < bytes.count else {
        throw JSONParseError(
          "Expected ',' or '}' in an object, found the end of the input.", offset: position)
      }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "}"):
        position += 1
        depth -= 1
        return .object(object)
      default:
        throw JSONParseError(
          "Expected ',' or '}' in an object, found \(describe(position)).", offset: position)
      }
    }
  }

  // MARK: Strings

  /// Reads a string whose opening quote is at `position`.
  mutating func readString() throws(JSONParseError) -> String {
    position += 1
    let start = position
    // Fast path: no escapes, so the string is a slice of the input.
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let string = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        position += 1
        return string
      } else if byte == UInt8(ascii: "\\") {
        return try readEscapedString(from: start)
      } else if byte < 0x20 {
        throw controlCharacterError()
      } else if byte < 0x80 {
        position += 1
      } else {
        try skipMultibyteScalar()
      }
    }
    throw JSONParseError(
      "Expected '\"' to end a string, found the end of the input.", offset: position)
  }

  /// Continues a string at its first escape, collecting bytes in ``scratch``.
  mutating func readEscapedString(from start: Int) throws(JSONParseError) -> String {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return String(decoding: scratch, as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        try readEscape()
      } else if byte < 0x20 {
        throw controlCharacterError()
      } else if byte < 0x80 {
        scratch.append(byte)
        position += 1
      } else {
        let scalarStart = position
        try skipMultibyteScalar()
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[scalarStart..<position]))
      }
    }
    throw JSONParseError(
      "Expected '\"' to end a string, found the end of the input.", offset: position)
  }

  /// Reads the escape at `position` into ``scratch``.
  mutating func readEscape() throws(JSONParseError) {
    let escapeStart = position
    position += 1
    guard position < bytes.count else {
      throw JSONParseError(
        "Expected an escape after '\\', found the end of the input.", offset: position)
    }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try readHexUnit()
      var scalar = unit
      if unit >= 0xD800, unit <= 0xDBFF {
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else {
          throw JSONParseError(
            "A high surrogate escape is not followed by a low surrogate escape.",
            offset: escapeStart)
        }
        position += 2
        let low = try readHexUnit()
        guard low >= 0xDC00, low <= 0xDFFF else {
          throw JSONParseError(
            "A high surrogate escape is not followed by a low surrogate escape.",
            offset: escapeStart)
        }
        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      } else if unit >= 0xDC00, unit <= 0xDFFF {
        throw JSONParseError(
          "A low surrogate escape does not follow a high surrogate escape.", offset: escapeStart)
      }
      appendUTF8(scalar)
    default:
      throw JSONParseError(
        "Unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string.", offset: escapeStart)
    }
  }

  mutating func readHexUnit() throws(JSONParseError) -> UInt32 {
    var unit: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count else {
        throw JSONParseError(
          "Expected four hexadecimal digits after '\\u', found the end of the input.",
          offset: position)
      }
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        throw JSONParseError(
          "Expected four hexadecimal digits after '\\u', found \(describe(position)).",
          offset: position)
      }
      unit = unit << 4 | UInt32(digit)
      position += 1
    }
    return unit
  }

  mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// Steps over one well-formed multi-byte UTF-8 sequence (Unicode's table 3-7) at `position`.
  mutating func skipMultibyteScalar() throws(JSONParseError) {
    let lead = bytes[position]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default:
      throw JSONParseError(
        "Invalid UTF-8: byte 0x\(hex(lead)) cannot start a character.", offset: position)
    }
    for offset in 1..<length {
      let index = position + offset
      guard index < bytes.count else {
        throw JSONParseError(
          "Invalid UTF-8: a character is cut off by the end of the input.", offset: index)
      }
      let byte = bytes[index]
      let range = offset == 1 ? low...high : 0x80...0xBF
      guard range.contains(byte) else {
        throw JSONParseError(
          "Invalid UTF-8: byte 0x\(hex(byte)) cannot continue a character.", offset: index)
      }
    }
    position += length
  }

  func controlCharacterError() -> JSONParseError {
    JSONParseError(
      "Control character 0x\(hex(bytes[position])) must be escaped in a string.", offset: position)
  }

  // MARK: Numbers

  mutating func readNumber() throws(JSONParseError) -> JSONValue {
    let start = position
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    guard position < bytes.count, isDigit(bytes[position]) else {
      throw JSONParseError(
        "Expected a digit after '-', found \(describe(position)).", offset: position)
    }
    var integer = 0
    var overflow = false
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, isDigit(bytes[position]) {
        throw JSONParseError("A number must not have leading zeros.", offset: start)
      }
    } else {
      while position < bytes.count, isDigit(bytes[position]) {
        let digit = Int(bytes[position] - UInt8(ascii: "0"))
        if !overflow {
          let (times10, o1) = integer.multipliedReportingOverflow(by: 10)
          let (next, o2) =
            negative
            ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
          if o1 || o2 { overflow = true } else { integer = next }
        }
        position += 1
      }
    }
    var isInteger = true
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw JSONParseError(
          "Expected a digit after the decimal point, found \(describe(position)).",
          offset: position)
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw JSONParseError(
          "Expected a digit in the exponent, found \(describe(position)).", offset: position)
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if isInteger, !overflow, !(negative && integer == 0) {
      return .integer(integer)
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    // Kept as written when no Int or finite Double holds it exactly: ids are echoed as sent,
    // and a method names the parameter that is out of range.
    if isInteger, overflow { return .largeNumber(text) }
    guard let number = Double(text), number.isFinite else { return .largeNumber(text) }
    return .number(number)
  }

  // MARK: Helpers

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// The byte at `offset` as an error message shows it.
  func describe(_ offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the input" }
    let byte = bytes[offset]
    if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(hex(byte))"
  }

  func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0" + digits : digits
  }
}
