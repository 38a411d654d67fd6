// The value model: state and actions as plain data, the one form they take in Lua and on the wire.

// MARK: - DataValue

/// A state or an action as plain data: null, a boolean, a number, a string, an array or an object.
///
/// It is what crosses every edge of navd: ``ValueEncoder`` makes one from a Swift value and
/// ``ValueDecoder`` reads one back; LuaBridge converts it to and from Lua tables, and the
/// control channel to and from JSON. Arrays and objects are distinct, so an empty stack is an
/// empty ``array(_:)`` wherever it goes. Integers and other numbers are distinct too, as in Lua
/// 5.4 and in JSON text: `1` is not `1.0`.
public enum DataValue: Hashable, Sendable {
  /// No value: Lua's `nil`, JSON's `null`.
  case null
  /// A boolean.
  case bool(Bool)
  /// An integer.
  case integer(Int)
  /// Any other number.
  case number(Double)
  /// A string.
  case string(String)
  /// Values in order: a stack, a list, a sequence.
  case array([DataValue])
  /// Values by name: a struct's fields, an enum case and its payload.
  case object([String: DataValue])

  /// An empty object: what an enum case without payload holds, and an empty Lua table.
  public static let emptyObject = DataValue.object([:])

  /// The name of the value's kind: `"null"`, `"boolean"`, `"number"`, `"string"`, `"array"` or
  /// `"object"`.
  public var kind: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .integer, .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// Whether the value is an empty array or an empty object, which Lua cannot tell apart.
  public var isEmptyContainer: Bool {
    switch self {
    case .array(let elements): elements.isEmpty
    case .object(let fields): fields.isEmpty
    default: false
    }
  }

  /// The object's field `key`, or ``null`` when this is not an object or has no such field.
  public subscript(key: String) -> DataValue {
    guard case .object(let fields) = self else { return .null }
    return fields[key] ?? .null
  }

  /// The array's element at 1-based `index` (as scripts count), or ``null`` when there is none.
  public subscript(index: Int) -> DataValue {
    guard case .array(let elements) = self, index >= 1, index <= elements.count else {
      return .null
    }
    return elements[index - 1]
  }
}

// MARK: - Literals

extension DataValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `nil`.
  public init(nilLiteral: ()) { self = .null }
  /// A boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer.
  public init(integerLiteral value: Int) { self = .integer(value) }
  /// A number.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array.
  public init(arrayLiteral elements: DataValue...) { self = .array(elements) }
  /// An object.
  public init(dictionaryLiteral elements: (String, DataValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

// MARK: - Printing

extension DataValue: CustomStringConvertible {
  /// The value written as a Lua table constructor, fields sorted by key:
  /// `{ count = 1, name = "Blob" }`; scripts are where people read values most.
  public var description: String { ValuePrinter.render(self) }
}

extension DataValue {
  /// The value written as a Lua constructor over several lines, nested tables indented by two
  /// spaces and fields sorted by key: for error messages that show a whole state.
  public var formatted: String { ValuePrinter.render(self, indent: "") }
}
