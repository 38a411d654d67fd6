// The id that pairs a JSON-RPC response with its request.

// MARK: - RPCID

/// A JSON-RPC request id: a number, a string or `null`.
///
/// A request without any id is a notification and is modelled as `RPCID?` being `nil`; the
/// ``null`` id is what a response carries when the request's id could not be read.
public enum RPCID: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// An integer id, the usual kind.
  case integer(Int)
  /// A number id with a fraction (the specification discourages these, but allows them).
  case number(Double)
  /// A number id no `Int` or finite `Double` holds, kept as the text it was sent as, so the
  /// response echoes it exactly.
  case largeNumber(String)
  /// A string id.
  case string(String)
  /// The `null` id.
  case null

  /// Reads an id from its JSON value, or `nil` when the value cannot be an id (a boolean, an
  /// array or an object).
  public init?(json: JSONValue) {
    switch json {
    case .integer(let integer): self = .integer(integer)
    case .number(let number): self = .number(number)
    case .largeNumber(let text): self = .largeNumber(text)
    case .string(let string): self = .string(string)
    case .null: self = .null
    case .bool, .array, .object: return nil
    }
  }

  /// An integer id.
  public init(integerLiteral value: Int) { self = .integer(value) }

  /// A string id.
  public init(stringLiteral value: String) { self = .string(value) }

  /// The id as a JSON value.
  public var json: JSONValue {
    switch self {
    case .integer(let integer): .integer(integer)
    case .number(let number): .number(number)
    case .largeNumber(let text): .largeNumber(text)
    case .string(let string): .string(string)
    case .null: .null
    }
  }

  /// The id as JSON text: `1`, `"abc"`, `null`.
  public var description: String { json.description }
}
