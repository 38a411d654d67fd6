// Fuzz bytes as a value tree, with the Lua constructor that builds it; a tree written as bytes.

import FuzzKit
import NavValue

/// Builds ``DataValue`` trees from fuzz bytes, and writes the bytes that build a given tree.
///
/// Each value starts with a tag byte (its low four bits choose the kind); what follows depends on
/// the kind. Strings and keys come from ``names`` (the case studies' case and field names) or
/// are written out, so mutations reach deep into a feature's types; integers and floats can be
/// boundary values. Reading past the end of the bytes gives `nil`s, so every input is a tree.
///
/// Tables are Lua tables: ``tree(from:depth:)`` also writes each tree as a Lua constructor, and
/// the value is what LuaBridge's documented rules read that table as. A table of elements only
/// is an array, of fields only an object, of both an object whose elements are fields named
/// `"1"`, `"2"`…; an empty table is the empty object (an empty array has a tag of its own). The
/// `otherFields` tag is a table keyed by any values: numbers and booleans name fields by their
/// text, integer keys `1…n` and no other make an array, and a table as a key, or two keys naming
/// one field, make a table that has no value (``ValueTree/luaError``).
public enum ValueProgram {
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
  public static func value(from bytes: inout FuzzBytes, depth: Int = 0) -> DataValue {
    tree(from: &bytes, depth: depth).value
  }

  /// Builds the tree `bytes` describe, with its Lua constructor.
  public static func tree(from bytes: inout FuzzBytes, depth: Int = 0) -> ValueTree {
    guard depth < maximumDepth, !bytes.isAtEnd else { return ValueTree(.null) }
    let tag = Tag(rawValue: bytes.byte() & 0x0F)!
    switch tag {
    case .null: return ValueTree(.null)
    case .false: return ValueTree(.bool(false))
    case .true: return ValueTree(.bool(true))
    case .smallInteger: return ValueTree(.integer(Int(Int8(bitPattern: bytes.byte()))))
    case .notableInteger:
      return ValueTree(.integer(notableIntegers[Int(bytes.byte()) % notableIntegers.count]))
    case .integer: return ValueTree(.integer(bytes.integer(Int.self)))
    case .number: return ValueTree(.number(Double(bitPattern: bytes.integer(UInt64.self))))
    case .notableNumber:
      return ValueTree(.number(notableNumbers[Int(bytes.byte()) % notableNumbers.count]))
    case .name: return ValueTree(.string(names[Int(bytes.byte()) % names.count]))
    case .text: return ValueTree(.string(text(from: &bytes)))
    case .position: return ValueTree(.string("@\(Int(Int8(bitPattern: bytes.byte())))"))
    case .table:
      let counts = bytes.byte()
      var elements: [ValueTree] = []
      for _ in 0..<(counts & 0x0F) { elements.append(tree(from: &bytes, depth: depth + 1)) }
      var fields: [String: ValueTree] = [:]
      for _ in 0..<(counts >> 4) {
        let key = self.key(from: &bytes)
        fields[key] = tree(from: &bytes, depth: depth + 1)
      }
      return table(elements: elements, fields: fields)
    case .caseTable:
      let key = self.key(from: &bytes)
      return table(elements: [], fields: [key: tree(from: &bytes, depth: depth + 1)])
    case .otherFields:
      var entries: [(key: ValueTree, value: ValueTree)] = []
      for _ in 0..<(bytes.byte() & 0x03) {
        let key = tree(from: &bytes, depth: depth + 1)
        entries.append((key, tree(from: &bytes, depth: depth + 1)))
      }
      return keyedTable(entries)
    case .sequence:
      var elements: [ValueTree] = []
      for _ in 0..<bytes.byte() { elements.append(tree(from: &bytes, depth: depth + 1)) }
      return elements.isEmpty ? ValueTree(.array([])) : table(elements: elements, fields: [:])
    case .integralNumber: return ValueTree(.number(Double(Int8(bitPattern: bytes.byte()))))
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

  // MARK: - Tables

  /// A constructor of positional `elements` and string-keyed `fields`.
  static func table(elements: [ValueTree], fields: [String: ValueTree]) -> ValueTree {
    let keys = fields.keys.sorted()
    let parts =
      elements.map(\.lua) + keys.map { "[\(LuaSource.quoted($0))] = \(fields[$0]!.lua)" }
    var tree = ValueTree(.null, lua: "{" + parts.joined(separator: ", ") + "}")
    let children = elements + keys.map { fields[$0]! }
    tree.luaError = children.lazy.compactMap(\.luaError).first
    tree.hasHoles =
      elements.contains { $0.value == .null } || children.contains(where: \.hasHoles)
    // Fields that are nil are no entries: elements and nil fields make a sequence.
    if fields.isEmpty || (!elements.isEmpty && fields.values.allSatisfy({ $0.value == .null })) {
      tree.value = elements.isEmpty ? .emptyObject : .array(elements.map(\.value))
      return tree
    }
    var object = fields.mapValues(\.value)
    for (offset, element) in elements.enumerated() {
      let name = String(offset + 1)
      if element.value != .null, let field = fields[name], field.value != .null {
        tree.luaError = tree.luaError ?? "two keys named \(name) (a number and a string)"
      }
      // The named field wins; when it is nil, the element is what Lua holds.
      if object[name] == nil || object[name] == .null { object[name] = element.value }
    }
    tree.value = .object(object)
    return tree
  }

  /// A Lua key that is not a position of the constructor, with what the conversion names it.
  enum LuaKey: Hashable {
    case integer(Int), number(Double), bool(Bool), string(String)
    /// A table: the conversion refuses it. Each constructor is a table of its own.
    case table(serial: Int)

    /// The key `value` is in a Lua table, or nil when Lua refuses it as a key (nil, NaN).
    init?(_ value: DataValue, serial: Int) {
      switch value {
      case .null: return nil
      case .bool(let flag): self = .bool(flag)
      case .integer(let integer): self = .integer(integer)
      case .number(let number):
        guard !number.isNaN else { return nil }
        // Lua keeps a float key with an integer value as that integer.
        if let integer = Int(exactly: number) {
          self = .integer(integer)
        } else {
          self = .number(number)
        }
      case .string(let string): self = .string(string)
      case .array, .object: self = .table(serial: serial)
      }
    }

    /// The field the conversion names the key by: its text.
    var name: String? {
      switch self {
      case .integer(let integer): String(integer)
      case .number(let number): String(number)
      case .bool(let flag): flag ? "true" : "false"
      case .string(let string): string
      case .table: nil
      }
    }
  }

  /// A constructor of `[key] = value` entries, keys of any kind, as the conversion reads it.
  ///
  /// Entries whose value is nil, or whose key Lua refuses (nil, NaN), are left out of the
  /// constructor; so is an entry whose key is already in the table (Lua leaves the order of a
  /// constructor's assignments undefined). In the value, a table key's entry is left out, and
  /// of two keys that name one field the first stays.
  static func keyedTable(_ entries: [(key: ValueTree, value: ValueTree)]) -> ValueTree {
    var kept: [(key: LuaKey, tree: (key: ValueTree, value: ValueTree))] = []
    var seen: Set<LuaKey> = []
    for (serial, entry) in entries.enumerated() where entry.value.value != .null {
      guard let key = LuaKey(entry.key.value, serial: serial), seen.insert(key).inserted else {
        continue
      }
      kept.append((key, entry))
    }
    let parts = kept.map { "[\($0.tree.key.lua)] = \($0.tree.value.lua)" }
    var tree = ValueTree(.emptyObject, lua: "{" + parts.joined(separator: ", ") + "}")
    let values = kept.map(\.tree.value)
    tree.hasHoles = values.contains(where: \.hasHoles)
    tree.luaError = values.lazy.compactMap(\.luaError).first
    if kept.contains(where: { if case .table = $0.key { true } else { false } }) {
      tree.luaError = tree.luaError ?? "a table as a key"
    }
    let positions = kept.compactMap { if case .integer(let n) = $0.key { n } else { nil } }
    if !kept.isEmpty, positions.count == kept.count, positions.sorted() == Array(1...kept.count) {
      var elements = [DataValue](repeating: .null, count: kept.count)
      for (position, entry) in zip(positions, kept) {
        elements[position - 1] = entry.tree.value.value
      }
      tree.value = .array(elements)
      return tree
    }
    var fields: [String: DataValue] = [:]
    for entry in kept {
      guard let name = entry.key.name else { continue }
      guard fields[name] == nil else {
        tree.luaError = tree.luaError ?? "two keys named \(name)"
        continue
      }
      fields[name] = entry.tree.value.value
    }
    tree.value = .object(fields)
    return tree
  }

  // MARK: - Writing

  /// Why a tree has no program: it is bigger than the encoding allows.
  public struct Unwritable: Error, CustomStringConvertible {
    /// What is too big.
    public var description: String
  }

  /// The bytes that build `value`; numbers and strings are written out, keys in sorted order.
  public static func program(for value: DataValue) throws -> [UInt8] {
    var writer = FuzzBytesWriter()
    try write(value, into: &writer)
    return writer.bytes
  }

  /// The bytes that build a Lua table of `entries` (at most three), keys of any kind: what the
  /// `otherFields` tag reads.
  public static func keyedTableProgram(
    _ entries: [(key: DataValue, value: DataValue)]
  ) throws -> [UInt8] {
    guard entries.count <= 3 else {
      throw Unwritable(description: "a keyed table of \(entries.count) entries")
    }
    var writer = FuzzBytesWriter()
    writer.byte(Tag.otherFields.rawValue)
    writer.byte(UInt8(entries.count))
    for (key, value) in entries {
      try write(key, into: &writer)
      try write(value, into: &writer)
    }
    return writer.bytes
  }

  static func write(_ value: DataValue, into writer: inout FuzzBytesWriter) throws {
    switch value {
    case .null: writer.byte(Tag.null.rawValue)
    case .bool(let flag): writer.byte(flag ? Tag.true.rawValue : Tag.false.rawValue)
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
    case .array(let elements):
      // An empty table reads as the empty object: the empty array is a sequence of none.
      if elements.isEmpty || elements.count > 15 {
        guard elements.count <= 255 else {
          throw Unwritable(description: "a sequence of \(elements.count) elements")
        }
        writer.byte(Tag.sequence.rawValue)
        writer.byte(UInt8(elements.count))
      } else {
        writer.byte(Tag.table.rawValue)
        writer.byte(UInt8(elements.count))
      }
      for element in elements { try write(element, into: &writer) }
    case .object(let fields):
      guard fields.count <= 15 else {
        throw Unwritable(description: "an object of more than 15 fields")
      }
      writer.byte(Tag.table.rawValue)
      writer.byte(UInt8(fields.count << 4))
      for key in fields.keys.sorted() {
        writer.byte(0x80)
        try writeText(key, into: &writer)
        try write(fields[key]!, into: &writer)
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

/// A value tree read from fuzz bytes: the value, and the Lua constructor that builds it.
public struct ValueTree {
  /// The value: what LuaBridge reads ``lua`` as, by its documented rules.
  public var value: DataValue
  /// A Lua expression that builds the tree.
  public var lua: String
  /// Why reading ``lua``'s table must fail, when it must: a table as a key, two keys that name
  /// one field.
  public var luaError: String?
  /// Whether a constructor has a `nil` among its elements: a table with holes, which the
  /// documented rules do not cover (Lua's length of it is any of its borders).
  public var hasHoles = false

  init(_ value: DataValue, lua: String? = nil) {
    self.value = value
    self.lua = lua ?? LuaSource.expression(for: value)
  }
}

/// Values written as Lua expressions that build them exactly (this package's own writer, so the
/// conversion is checked against Lua and not against navd's printer).
public enum LuaSource {
  /// `value` as a Lua expression.
  public static func expression(for value: DataValue) -> String {
    switch value {
    case .null: return "nil"
    case .bool(let flag): return flag ? "true" : "false"
    // `-9223372036854775808` is the negation of a decimal that overflows: a float.
    case .integer(let integer): return integer == .min ? "math.mininteger" : String(integer)
    case .number(let number):
      if number.isNaN { return "(0/0)" }
      if number.isInfinite { return number > 0 ? "math.huge" : "(-math.huge)" }
      // Swift writes the shortest text that reads back as the same double; Lua reads it so.
      let text = String(number)
      return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
    case .string(let string): return quoted(string)
    case .array(let elements):
      return "{" + elements.map(expression).joined(separator: ", ") + "}"
    case .object(let fields):
      let parts = fields.keys.sorted().map { "[\(quoted($0))] = \(expression(for: fields[$0]!))" }
      return "{" + parts.joined(separator: ", ") + "}"
    }
  }

  /// `string` as a Lua string literal of the same bytes: printable ASCII as it is, every other
  /// byte as a three-digit decimal escape.
  public static func quoted(_ string: String) -> String {
    var result = "\""
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        result += "\\" + String(UnicodeScalar(byte))
      case 0x20..<0x7F: result.unicodeScalars.append(UnicodeScalar(byte))
      default:
        let digits = String(byte)
        result += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
      }
    }
    return result + "\""
  }
}

/// Whether `value` holds a NaN anywhere: such a tree is not equal to itself.
public func containsNaN(_ value: DataValue) -> Bool {
  switch value {
  case .number(let number): return number.isNaN
  case .array(let elements): return elements.contains(where: containsNaN)
  case .object(let fields): return fields.values.contains(where: containsNaN)
  default: return false
  }
}
