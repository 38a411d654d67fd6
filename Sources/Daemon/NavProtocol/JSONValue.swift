// JSON data as a Swift value: what crosses the control channel.

// MARK: - JSONValue

/// A JSON value: null, a boolean, a number, a string, an array or an object.
///
/// Numbers keep JSON's two practical kinds apart: ``integer(_:)`` for numbers written without a
/// fraction or exponent that fit `Int`, and ``number(_:)`` for every other finite number. The two
/// are distinct values (`1` is not `1.0`), so a value read and written again keeps its spelling.
/// A number that neither holds (an integer beyond 64 bits, or beyond `Double`'s range) is a
/// ``largeNumber(_:)``, kept as the text it was written as: a request id is echoed exactly as
/// sent, and a method can say which parameter is out of range instead of failing the parse.
/// Objects compare equal whatever the order of their members, as JSON objects do.
public enum JSONValue: Hashable, Sendable {
  /// JSON's `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number without fraction or exponent that fits `Int`.
  case integer(Int)
  /// Any other number; finite when it came from the parser.
  case number(Double)
  /// A number no `Int` or finite `Double` holds exactly, as written: `18446744073709551616`,
  /// `1e999999`.
  case largeNumber(String)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its members in the order they were written.
  case object(JSONObject)

  /// The name of the value's JSON type: `"null"`, `"boolean"`, `"number"`, `"string"`,
  /// `"array"` or `"object"`.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .integer, .number, .largeNumber: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// Whether the value is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The boolean, or `nil` when the value is not a boolean.
  public var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  /// The integer, or `nil` when the value is not a number with an exact `Int` value.
  ///
  /// A ``number(_:)`` such as `2.0` gives `2`; `2.5` gives `nil`.
  public var intValue: Int? {
    switch self {
    case .integer(let integer): return integer
    case .number(let number): return Int(exactly: number)
    default: return nil
    }
  }

  /// The number as a `Double`, or `nil` when the value is not a number.
  public var doubleValue: Double? {
    switch self {
    case .integer(let integer): return Double(integer)
    case .number(let number): return number
    case .largeNumber(let text): return Double(text).flatMap { $0.isFinite ? $0 : nil }
    default: return nil
    }
  }

  /// The string, or `nil` when the value is not a string.
  public var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The elements, or `nil` when the value is not an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The object, or `nil` when the value is not an object.
  public var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The object's member `key`, or `nil` when this is not an object or has no such member.
  ///
  /// A member whose value is `null` gives ``null``, not `nil`: the two differ in JSON-RPC.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  /// The array's element at 0-based `index`, or `nil` when this is not an array or the index is
  /// out of range.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }
}

// MARK: - JSONObject

/// A JSON object: string keys to values, kept in insertion order, with hashed lookup.
///
/// Small objects, the common case on the wire, are searched linearly; from nine members on a
/// dictionary index makes lookup O(1). Setting an existing key keeps its position; removing a key
/// shifts the members after it. Equality and hashing ignore the order of members.
public struct JSONObject: Sendable {
  /// The keys, in order.
  public private(set) var keys: [String]
  /// The values, in the order of ``keys``.
  public private(set) var values: [JSONValue]
  /// Positions by key; built once the object is larger than ``linearLimit``.
  private var index: [String: Int]?

  /// The largest object searched without an index.
  private static var linearLimit: Int { 8 }

  /// Creates an empty object.
  public init() {
    keys = []
    values = []
    index = nil
  }

  /// Creates an object from key–value pairs in order; when a key repeats, the last value wins
  /// and the key keeps its first position.
  public init(_ members: some Sequence<(String, JSONValue)>) {
    self.init()
    reserveCapacity(members.underestimatedCount)
    for (key, value) in members { self[key] = value }
  }

  /// The number of members.
  public var count: Int { keys.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { keys.isEmpty }

  /// The position of `key` in ``keys``, or `nil` when there is no such member.
  public func position(of key: String) -> Int? {
    if let index { return index[key] }
    return keys.firstIndex(of: key)
  }

  /// The value of member `key`; setting `nil` removes the member, setting a new key appends it.
  public subscript(key: String) -> JSONValue? {
    get {
      guard let position = position(of: key) else { return nil }
      return values[position]
    }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Sets member `key` to `value`, appending it when new, and returns the value it replaced.
  @discardableResult
  public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
    if let position = position(of: key) {
      let old = values[position]
      values[position] = value
      return old
    }
    keys.append(key)
    values.append(value)
    if index != nil {
      index![key] = keys.count - 1
    } else if keys.count > Self.linearLimit {
      rebuildIndex()
    }
    return nil
  }

  /// Removes member `key` and returns its value, or `nil` when there was no such member.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSONValue? {
    guard let position = position(of: key) else { return nil }
    keys.remove(at: position)
    let old = values.remove(at: position)
    if index != nil {
      if keys.count > Self.linearLimit { rebuildIndex() } else { index = nil }
    }
    return old
  }

  /// Reserves room for `capacity` members.
  public mutating func reserveCapacity(_ capacity: Int) {
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// Calls `body` with the value at `position`, modified in place without copying it.
  mutating func modifyValue<Result, Failure: Error>(
    at position: Int, _ body: (inout JSONValue) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var value = values[position]
    values[position] = .null
    defer { values[position] = value }
    return try body(&value)
  }

  private mutating func rebuildIndex() {
    var positions = [String: Int](minimumCapacity: keys.count)
    for (position, key) in keys.enumerated() { positions[key] = position }
    index = positions
  }
}

extension JSONObject: Hashable {
  /// Whether both objects have the same keys with equal values, in any order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.keys == rhs.keys { return lhs.values == rhs.values }
    for (key, value) in lhs {
      guard let other = rhs[key], other == value else { return false }
    }
    return true
  }

  /// Hashes the members independently of their order.
  public func hash(into hasher: inout Hasher) {
    var sum = 0
    for (key, value) in self {
      var member = Hasher()
      member.combine(key)
      member.combine(value)
      sum &+= member.finalize()
    }
    hasher.combine(count)
    hasher.combine(sum)
  }
}

extension JSONObject: Sequence {
  /// Iterates the members in order.
  public struct Iterator: IteratorProtocol {
    private let object: JSONObject
    private var position = 0

    fileprivate init(_ object: JSONObject) { self.object = object }

    /// The next member, or `nil` after the last.
    public mutating func next() -> (key: String, value: JSONValue)? {
      guard position < object.keys.count else { return nil }
      defer { position += 1 }
      return (object.keys[position], object.values[position])
    }
  }

  /// An iterator over the members in order.
  public func makeIterator() -> Iterator { Iterator(self) }

  /// The number of members.
  public var underestimatedCount: Int { keys.count }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// An object with the members in the order written; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByStringInterpolation, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `null`.
  public init(nilLiteral: ()) { self = .null }
  /// A boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer.
  public init(integerLiteral value: Int) { self = .integer(value) }
  /// A number with a fraction or exponent.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// An object with the members in the order written.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}

// MARK: - Printing

extension JSONValue: CustomStringConvertible {
  /// The value as compact JSON text, with non-finite numbers written as `null`.
  public var description: String {
    let writer = JSONWriter(nonFiniteNumbers: .null)
    return (try? writer.string(self)) ?? "null"
  }
}

extension JSONObject: CustomStringConvertible {
  /// The object as compact JSON text.
  public var description: String { JSONValue.object(self).description }
}

extension JSONValue {
  /// Where the first ``largeNumber(_:)`` inside the value is, as a dotted path from it (`"a.b.2"`,
  /// `""` for the value itself), or `nil` when there is none.
  public var largeNumberPath: (path: String, text: String)? {
    switch self {
    case .largeNumber(let text): return ("", text)
    case .null, .bool, .integer, .number, .string: return nil
    case .array(let elements):
      for (position, element) in elements.enumerated() {
        if let found = element.largeNumberPath {
          return (Self.join(String(position), found.path), found.text)
        }
      }
      return nil
    case .object(let object):
      for (key, member) in object {
        if let found = member.largeNumberPath { return (Self.join(key, found.path), found.text) }
      }
      return nil
    }
  }

  private static func join(_ head: String, _ tail: String) -> String {
    tail.isEmpty ? head : head + "." + tail
  }
}
