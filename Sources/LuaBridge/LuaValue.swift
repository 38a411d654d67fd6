// Lua data as a Swift value: what crosses between scripts and stores.

// MARK: - LuaValue

/// A Lua value that is data: nil, a boolean, a number, a string or a table of such values.
///
/// Functions, userdata and threads do not convert; reading one gives an error that names its type.
/// This is also the value model that state and actions take in Lua (see ``LuaValueEncoder``).
public enum LuaValue: Hashable, Sendable {
  /// Lua's `nil`.
  case null
  /// A boolean.
  case boolean(Bool)
  /// An integer (Lua 5.4's integer subtype).
  case integer(Int)
  /// A float (Lua 5.4's float subtype).
  case number(Double)
  /// A string, as UTF-8 text.
  case string(String)
  /// A table.
  case table(LuaTable)

  /// The Lua type name of the value, as Lua's `type()` gives it.
  public var typeName: String {
    switch self {
    case .null: "nil"
    case .boolean: "boolean"
    case .integer, .number: "number"
    case .string: "string"
    case .table: "table"
    }
  }

  /// The table's field `key`, or ``null`` when this is not a table or has no such field.
  public subscript(key: String) -> LuaValue {
    guard case .table(let table) = self else { return .null }
    return table.fields[key] ?? .null
  }

  /// The table's element at 1-based `index`, or ``null`` when there is none.
  public subscript(index: Int) -> LuaValue {
    guard case .table(let table) = self, index >= 1, index <= table.array.count else {
      return .null
    }
    return table.array[index - 1]
  }
}

// MARK: - LuaTable

/// A Lua table split as Lua itself stores it: a sequence `1…n` and keyed fields.
///
/// Keys that are neither strings nor part of the sequence are kept in ``otherFields``.
public struct LuaTable: Hashable, Sendable {
  /// The values at keys `1…n`.
  public var array: [LuaValue]
  /// The values at string keys.
  public var fields: [String: LuaValue]
  /// The values at any other key (floats, booleans, integers outside the sequence).
  public var otherFields: [LuaValue: LuaValue]

  /// Creates a table from its parts.
  public init(
    array: [LuaValue] = [], fields: [String: LuaValue] = [:],
    otherFields: [LuaValue: LuaValue] = [:]
  ) {
    self.array = array
    self.fields = fields
    self.otherFields = otherFields
  }

  /// Whether the table has no entries at all.
  public var isEmpty: Bool { array.isEmpty && fields.isEmpty && otherFields.isEmpty }
}

// MARK: - Literals

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `nil`.
  public init(nilLiteral: ()) { self = .null }
  /// A boolean.
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  /// An integer.
  public init(integerLiteral value: Int) { self = .integer(value) }
  /// A float.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// A sequence table.
  public init(arrayLiteral elements: LuaValue...) { self = .table(LuaTable(array: elements)) }
  /// A table of string-keyed fields.
  public init(dictionaryLiteral elements: (String, LuaValue)...) {
    self = .table(LuaTable(fields: Dictionary(elements, uniquingKeysWith: { _, last in last })))
  }
}

// MARK: - Printing

extension LuaValue: CustomStringConvertible {
  /// The value written as a Lua constructor, fields sorted by key: `{ count = 1, name = "Blob" }`.
  public var description: String { LuaValuePrinter.render(self) }
}

extension LuaValue {
  /// The value written as a Lua constructor over several lines, nested tables indented by two
  /// spaces and fields sorted by key: for error messages that show a whole state.
  public var formatted: String { LuaValuePrinter.render(self, indent: "") }
}

/// Writes values as Lua source, for error messages and dumps.
enum LuaValuePrinter {
  static func render(_ value: LuaValue, indent: String) -> String {
    guard case .table(let table) = value, !table.isEmpty else { return render(value) }
    let inner = indent + "  "
    var lines: [String] = table.array.map { inner + render($0, indent: inner) }
    for key in table.fields.keys.sorted() {
      let name = isIdentifier(key) ? key : "[\(quoted(key))]"
      lines.append("\(inner)\(name) = \(render(table.fields[key]!, indent: inner))")
    }
    for (key, field) in renderedKeys(table) {
      lines.append("\(inner)[\(key)] = \(render(field, indent: inner))")
    }
    return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
  }

  static func render(_ value: LuaValue) -> String {
    switch value {
    case .null: return "nil"
    case .boolean(let flag): return flag ? "true" : "false"
    case .integer(let integer): return String(integer)
    case .number(let number):
      if number.isNaN { return "0/0" }
      if number.isInfinite { return number > 0 ? "math.huge" : "-math.huge" }
      return String(number)
    case .string(let string): return quoted(string)
    case .table(let table):
      var parts = table.array.map(render)
      for key in table.fields.keys.sorted() {
        let name = isIdentifier(key) ? key : "[\(quoted(key))]"
        parts.append("\(name) = \(render(table.fields[key]!))")
      }
      for (key, field) in renderedKeys(table) {
        parts.append("[\(key)] = \(render(field))")
      }
      return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
    }
  }

  /// The table's non-string keys rendered, each once, sorted by their text, with their values.
  ///
  /// Rendering inside the sort's comparator rendered each key O(n log n) times at every level:
  /// keys that are tables of tables took exponential time (a 146-byte value, 14 levels deep,
  /// took 90 s; found by `scripts/fuzz lua-decoder`).
  static func renderedKeys(_ table: LuaTable) -> [(key: String, value: LuaValue)] {
    table.otherFields.map { (key: render($0.key), value: $0.value) }.sorted { $0.key < $1.key }
  }

  static func quoted(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          // Three digits, so a digit that follows is not read as part of the escape.
          let digits = String(scalar.value)
          result += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
      first.isASCII
    else { return false }
    return key.unicodeScalars.allSatisfy {
      $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
    }
      && !luaKeywords.contains(key)
  }

  static let luaKeywords: Set<String> = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
  ]
}
