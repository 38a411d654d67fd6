// Fuzz bytes as a tree of Lua values, and a tree written as the bytes that build it.

import FuzzKit
import LuaBridge

/// Builds ``LuaValue`` trees from fuzz bytes, and writes the bytes that build a given tree.
///
/// Each value starts with a tag byte (its low four bits choose the kind); what follows depends on
/// the kind. Strings and keys come from ``names`` (the case studies' case and field names) or
/// are written out, so mutations reach deep into a feature's types; integers and floats can be
/// boundary values. Reading past the end of the bytes gives `nil`s, so every input is a tree.
public enum LuaValueProgram {
  /// Nesting deeper than this reads as `nil`.
  public static let maximumDepth = 32

  /// The tag of each kind of value, in the low four bits of its first byte.
  ///
  /// Kinds one bit apart are alike (a small integer and a boundary one, a float and a boundary
  /// one, a text and a stack position), so that one bit flipped turns a seed's value into an edge.
  enum Tag: UInt8 {
    case null = 0, `false`, `true`, name
    case smallInteger, notableInteger, integer, integralNumber
    case text, position, number, notableNumber
    case table, caseTable, sequence, otherFields
  }

  /// Integers at the edges: what overflows, wraps or means something special (ids, positions).
  ///
  /// The extremes come first, so a small integer's byte (an id, a count) read as an index here
  /// picks one.
  static let notableIntegers: [Int] = [
    Int.max, Int.min, Int.max - 1, Int.min + 1, 0, 1, -1, 2, -2, 127, 128, -129, 255, 256,
    65_535, 65_536, Int(Int32.max), Int(Int32.min), Int(UInt32.max), 1 << 53, (1 << 53) + 1,
  ]

  /// Floats at the edges: non-finite, signed zero, beyond `Float`, beyond `Int`, not integral.
  static let notableNumbers: [Double] = [
    0, -0.0, 0.5, -1.5, 1, .nan, .infinity, -.infinity, .greatestFiniteMagnitude,
    .leastNonzeroMagnitude, Double(Float.greatestFiniteMagnitude) * 2, 9_223_372_036_854_775_808,
    -9_223_372_036_854_775_808, 1e300, 3.000_000_000_000_000_4, Double(1 << 53) + 2,
  ]

  /// Builds the tree `bytes` describe.
  public static func value(from bytes: inout FuzzBytes, depth: Int = 0) -> LuaValue {
    guard depth < maximumDepth, !bytes.isAtEnd else { return .null }
    let tag = Tag(rawValue: bytes.byte() & 0x0F)!
    switch tag {
    case .null: return .null
    case .false: return .boolean(false)
    case .true: return .boolean(true)
    case .smallInteger: return .integer(Int(Int8(bitPattern: bytes.byte())))
    case .notableInteger:
      return .integer(notableIntegers[Int(bytes.byte()) % notableIntegers.count])
    case .integer: return .integer(bytes.integer(Int.self))
    case .number: return .number(Double(bitPattern: bytes.integer(UInt64.self)))
    case .notableNumber:
      return .number(notableNumbers[Int(bytes.byte()) % notableNumbers.count])
    case .name: return .string(names[Int(bytes.byte()) % names.count])
    case .text: return .string(text(from: &bytes))
    case .position: return .string("@\(Int(Int8(bitPattern: bytes.byte())))")
    case .table:
      let counts = bytes.byte()
      var table = LuaTable()
      for _ in 0..<(counts & 0x0F) { table.array.append(value(from: &bytes, depth: depth + 1)) }
      for _ in 0..<(counts >> 4) {
        let key = self.key(from: &bytes)
        table.fields[key] = value(from: &bytes, depth: depth + 1)
      }
      return .table(table)
    case .caseTable:
      let key = self.key(from: &bytes)
      return .table(LuaTable(fields: [key: value(from: &bytes, depth: depth + 1)]))
    case .otherFields:
      var table = LuaTable()
      for _ in 0..<(bytes.byte() & 0x03) {
        let key = value(from: &bytes, depth: depth + 1)
        table.otherFields[key] = value(from: &bytes, depth: depth + 1)
      }
      return .table(table)
    case .sequence:
      var table = LuaTable()
      for _ in 0..<bytes.byte() { table.array.append(value(from: &bytes, depth: depth + 1)) }
      return .table(table)
    case .integralNumber: return .number(Double(Int8(bitPattern: bytes.byte())))
    }
  }

  /// A field name: one of ``names`` when the byte's high bit is clear, else written out.
  static func key(from bytes: inout FuzzBytes) -> String {
    let byte = bytes.byte()
    return byte & 0x80 == 0 ? names[Int(byte) % names.count] : text(from: &bytes)
  }

  /// A length byte, then that many bytes as UTF-8 (invalid sequences repaired).
  static func text(from bytes: inout FuzzBytes) -> String {
    let count = Int(bytes.byte())
    return String(decoding: bytes.take(count), as: UTF8.self)
  }

  // MARK: - Writing

  /// Why a tree has no program: it is bigger than the encoding allows.
  public struct Unwritable: Error, CustomStringConvertible {
    /// What is too big.
    public var description: String
  }

  /// The bytes that build `value`; numbers and strings are written out, keys in sorted order.
  public static func program(for value: LuaValue) throws -> [UInt8] {
    var writer = FuzzBytesWriter()
    try write(value, into: &writer)
    return writer.bytes
  }

  static func write(_ value: LuaValue, into writer: inout FuzzBytesWriter) throws {
    switch value {
    case .null: writer.byte(Tag.null.rawValue)
    case .boolean(let flag): writer.byte(flag ? Tag.true.rawValue : Tag.false.rawValue)
    case .integer(let integer):
      if let small = Int8(exactly: integer) {
        writer.byte(Tag.smallInteger.rawValue)
        writer.byte(UInt8(bitPattern: small))
      } else {
        writer.byte(Tag.integer.rawValue)
        writer.integer(integer)
      }
    case .number(let number):
      writer.byte(Tag.number.rawValue)
      writer.integer(number.bitPattern)
    case .string(let string):
      writer.byte(Tag.text.rawValue)
      try writeText(string, into: &writer)
    case .table(let table):
      guard table.otherFields.isEmpty else {
        throw Unwritable(description: "a table with non-string keys")
      }
      if table.fields.isEmpty, table.array.count > 15 {
        guard table.array.count <= 255 else {
          throw Unwritable(description: "a sequence of \(table.array.count) elements")
        }
        writer.byte(Tag.sequence.rawValue)
        writer.byte(UInt8(table.array.count))
        for element in table.array { try write(element, into: &writer) }
        return
      }
      guard table.array.count <= 15, table.fields.count <= 15 else {
        throw Unwritable(description: "a table of more than 15 elements or fields")
      }
      writer.byte(Tag.table.rawValue)
      writer.byte(UInt8(table.fields.count << 4 | table.array.count))
      for element in table.array { try write(element, into: &writer) }
      for key in table.fields.keys.sorted() {
        writer.byte(0x80)
        try writeText(key, into: &writer)
        try write(table.fields[key]!, into: &writer)
      }
    }
  }

  static func writeText(_ string: String, into writer: inout FuzzBytesWriter) throws {
    let utf8 = Array(string.utf8)
    guard utf8.count <= 255 else {
      throw Unwritable(description: "a string of \(utf8.count) bytes")
    }
    writer.byte(UInt8(utf8.count))
    writer.append(utf8)
  }
}

/// Whether `value` holds a NaN anywhere: such a tree is not equal to itself.
public func containsNaN(_ value: LuaValue) -> Bool {
  switch value {
  case .number(let number): return number.isNaN
  case .table(let table):
    return table.array.contains(where: containsNaN)
      || table.fields.values.contains(where: containsNaN)
      || table.otherFields.contains { containsNaN($0.key) || containsNaN($0.value) }
  default: return false
  }
}
