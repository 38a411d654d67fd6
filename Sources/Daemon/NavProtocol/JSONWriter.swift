// Writing JSON text on one line, without Foundation.

// MARK: - JSONWriteError

/// Why a value cannot be written as JSON.
public struct JSONWriteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The problem, as a sentence.
  public var message: String

  /// Creates an error with `message`.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

// MARK: - JSONWriter

/// Serializes ``JSONValue``s as compact JSON text on a single line.
///
/// The output never contains a raw newline (strings escape it), so a message followed by `\n` is
/// one frame on the control channel. Control characters, `"` and `\` are escaped (`\n`, `\t`, …,
/// else `\u00XX`); `/` and non-ASCII characters are written as they are, in UTF-8. Integers are
/// written as integers and doubles in their shortest form that reads back to the same value
/// (`0.1`, `1e-07`, `2.0`). A non-finite double has no JSON spelling: by default writing it
/// throws a ``JSONWriteError``; with ``NonFiniteNumbers/null`` it is written as `null`.
public struct JSONWriter: Sendable {
  /// What to do with a NaN or infinite ``JSONValue/number(_:)``.
  public enum NonFiniteNumbers: Hashable, Sendable {
    /// Throw a ``JSONWriteError``.
    case reject
    /// Write `null` instead.
    case null
  }

  /// Whether object members are written sorted by key (in UTF-8 byte order) rather than in
  /// their own order.
  public var sortedKeys: Bool
  /// What to do with NaN and infinities.
  public var nonFiniteNumbers: NonFiniteNumbers

  /// Creates a writer.
  public init(sortedKeys: Bool = false, nonFiniteNumbers: NonFiniteNumbers = .reject) {
    self.sortedKeys = sortedKeys
    self.nonFiniteNumbers = nonFiniteNumbers
  }

  /// Appends the JSON text of `value` to `output`.
  public func write(_ value: JSONValue, into output: inout [UInt8]) throws(JSONWriteError) {
    switch value {
    case .null: output.append(contentsOf: Self.null)
    case .bool(let flag): output.append(contentsOf: flag ? Self.true : Self.false)
    case .integer(let integer): Self.writeInteger(integer, into: &output)
    case .number(let number): try writeNumber(number, into: &output)
    case .largeNumber(let text): output.append(contentsOf: text.utf8)
    case .string(let string): Self.writeString(string, into: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        try write(element, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      if sortedKeys {
        let order = object.keys.indices.sorted {
          object.keys[$0].utf8.lexicographicallyPrecedes(object.keys[$1].utf8)
        }
        for (count, position) in order.enumerated() {
          if count > 0 { output.append(UInt8(ascii: ",")) }
          Self.writeString(object.keys[position], into: &output)
          output.append(UInt8(ascii: ":"))
          try write(object.values[position], into: &output)
        }
      } else {
        for position in object.keys.indices {
          if position > 0 { output.append(UInt8(ascii: ",")) }
          Self.writeString(object.keys[position], into: &output)
          output.append(UInt8(ascii: ":"))
          try write(object.values[position], into: &output)
        }
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// The JSON text of `value` as UTF-8 bytes.
  public func bytes(_ value: JSONValue) throws(JSONWriteError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(64)
    try write(value, into: &output)
    return output
  }

  /// The JSON text of `value` followed by a newline: one message as the control channel frames
  /// it (the writer never writes a newline inside a value).
  public func line(_ value: JSONValue) throws(JSONWriteError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(64)
    try write(value, into: &output)
    output.append(UInt8(ascii: "\n"))
    return output
  }

  /// The JSON text of `value`.
  public func string(_ value: JSONValue) throws(JSONWriteError) -> String {
    String(decoding: try bytes(value), as: UTF8.self)
  }

  // MARK: Scalars

  private static let null: [UInt8] = Array("null".utf8)
  private static let `true`: [UInt8] = Array("true".utf8)
  private static let `false`: [UInt8] = Array("false".utf8)
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  private static func writeInteger(_ integer: Int, into output: inout [UInt8]) {
    if integer >= 0, integer < 10 {
      output.append(UInt8(ascii: "0") + UInt8(integer))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var magnitude = integer.magnitude
      var start = 20
      while magnitude > 0 {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      }
      if integer < 0 { output.append(UInt8(ascii: "-")) }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }

  private func writeNumber(_ number: Double, into output: inout [UInt8]) throws(JSONWriteError) {
    guard number.isFinite else {
      switch nonFiniteNumbers {
      case .reject: throw JSONWriteError("The number \(number) cannot be written as JSON.")
      case .null:
        output.append(contentsOf: Self.null)
        return
      }
    }
    // Swift's description is the shortest text that reads back exactly, and always valid JSON
    // for finite values: "0.1", "100.0", "1e-07", "1.5e+300".
    output.append(contentsOf: number.description.utf8)
  }

  package static func writeString(_ string: String, into output: inout [UInt8]) {
    var string = string
    string.withUTF8 { bytes in
      output.append(UInt8(ascii: "\""))
      var chunkStart = 0
      for position in bytes.indices {
        let byte = bytes[position]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
        chunkStart = position + 1
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
          output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
          output.append(hexDigits[Int(byte >> 4)])
          output.append(hexDigits[Int(byte & 0xF)])
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<bytes.count]))
      output.append(UInt8(ascii: "\""))
    }
  }
}

extension JSONValue {
  /// The value as compact JSON text in UTF-8, written by a default ``JSONWriter``.
  ///
  /// Throws when the value holds a NaN or an infinity.
  public func jsonBytes() throws(JSONWriteError) -> [UInt8] {
    try JSONWriter().bytes(self)
  }

  /// The value as compact JSON text, written by a default ``JSONWriter``.
  ///
  /// Throws when the value holds a NaN or an infinity.
  public func jsonString() throws(JSONWriteError) -> String {
    try JSONWriter().string(self)
  }
}
