// Values written as Lua table constructors, for error messages and state dumps.

/// Writes values as Lua source: `{ "a", count = 1 }`.
package enum ValuePrinter {
  /// The value over several lines, nested tables indented below `indent`.
  package static func render(_ value: DataValue, indent: String) -> String {
    let inner = indent + "  "
    let lines: [String]
    switch value {
    case .array(let elements) where !elements.isEmpty:
      lines = elements.map { inner + render($0, indent: inner) }
    case .object(let fields) where !fields.isEmpty:
      lines = fields.keys.sorted().map { key in
        "\(inner)\(name(key)) = \(render(fields[key]!, indent: inner))"
      }
    default:
      return render(value)
    }
    return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
  }

  /// The value on one line.
  package static func render(_ value: DataValue) -> String {
    switch value {
    case .null: return "nil"
    case .bool(let flag): return flag ? "true" : "false"
    // Lua reads the digits of the smallest integer as a float: its magnitude overflows first.
    case .integer(let integer): return integer == .min ? "math.mininteger" : String(integer)
    case .number(let number):
      if number.isNaN { return "0/0" }
      if number.isInfinite { return number > 0 ? "math.huge" : "-math.huge" }
      return String(number)
    case .string(let string): return quoted(string)
    case .array(let elements):
      return elements.isEmpty ? "{}" : "{ " + elements.map(render).joined(separator: ", ") + " }"
    case .object(let fields):
      let parts = fields.keys.sorted().map { "\(name($0)) = \(render(fields[$0]!))" }
      return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
    }
  }

  /// A field name as a table constructor writes it: `count`, or `["a key"]`.
  package static func name(_ key: String) -> String { isIdentifier(key) ? key : "[\(quoted(key))]" }

  /// `string` as a Lua string literal that reads back the same.
  package static func quoted(_ string: String) -> String {
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
