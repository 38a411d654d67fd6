// DataValue → Decodable, reading every form a value takes, with errors that name the place.

// MARK: - The decoder

/// Decodes `Decodable` values from ``DataValue``s in navd's value model.
///
/// It reads what ``ValueEncoder`` writes, and the unflattened forms too: an enum case without
/// payload as `"name"` or `{ name = {} }`, a single unlabeled payload as `{ name = value }` or
/// `{ name = { _0 = value } }`. Integers decode as floats; floats with an integral value decode
/// as integers. Errors are `DecodingError`s; ``describe(_:)`` words them for people.
public struct ValueDecoder: Sendable {
  /// Values for `Decoder.userInfo`, through which types adjust their decoding.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// Creates a decoder.
  public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) { self.userInfo = userInfo }

  /// Decodes a `T` from `value`.
  public func decode<T: Decodable>(_: T.Type, from value: DataValue) throws -> T {
    do {
      let ledger = PayloadLedger()
      var userInfo: [CodingUserInfoKey: Any] = self.userInfo
      userInfo[PayloadLedger.key] = ledger
      let result = try TreeDecoder(value: value, codingPath: [], userInfo: userInfo)
        .decode(T.self)
      try ledger.check()
      return result
    } catch DecodingError.typeMismatch(let type, let context)
      where context.debugDescription.hasPrefix("Invalid number of keys")
    {
      // Synthesized enum decoding found no case it knows (or several): name what it found.
      let node = Self.value(at: context.codingPath, in: value)
      let keys: [String]
      switch node {
      case .string(let name): keys = [name]
      case .object(let fields): keys = fields.keys.sorted()
      default: keys = []
      }
      throw DecodingError.typeMismatch(
        type,
        .init(
          codingPath: context.codingPath, debugDescription: context.debugDescription,
          underlyingError: UnknownCaseError(found: keys)))
    }
  }

  /// The part of `root` at `path`, following flattened payloads.
  static func value(at path: [any CodingKey], in root: DataValue) -> DataValue {
    var node = root
    for key in path {
      if let index = key.intValue, case .array(let elements) = node {
        node = index < elements.count ? elements[index] : .null
      } else if case .string(let name) = node, name == key.stringValue {
        node = .emptyObject
      } else if case .object(let fields) = node, let field = fields[key.stringValue] {
        node = field
      } else if key.stringValue != "_0" {
        return .null
      }
    }
    return node
  }

  /// A sentence that says what went wrong and where, for a `DecodingError` from this decoder.
  ///
  /// For example: `no case "fly" in Counter.Action (at destination.presented)` or
  /// `wrong type at setName: expected String, got number 3`.
  public static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .typeMismatch(let type, let context):
      if let unknown = context.underlyingError as? UnknownCaseError {
        let quoted = unknown.found.map { "\"\($0)\"" }
        switch quoted.count {
        case 0:
          return
            "expected a case of \(typeName(type))\(place(context.codingPath)), got an empty table"
        case 1:
          return "no case \(quoted[0]) in \(typeName(type))\(place(context.codingPath))"
        default:
          return "expected one case of \(typeName(type))\(place(context.codingPath)), got "
            + quoted.joined(separator: ", ")
        }
      }
      return
        "wrong type\(place(context.codingPath, preposition: "at")): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      let name = type == Any.self ? "value" : typeName(type)
      return "missing \(name)\(place(context.codingPath, preposition: "at")): "
        + context.debugDescription
    case .keyNotFound(let key, let context):
      return "missing field \"\(key.stringValue)\" at \(render(context.codingPath + [key]))"
    case .dataCorrupted(let context):
      return "invalid value\(place(context.codingPath, preposition: "at")): "
        + context.debugDescription
    @unknown default:
      return String(describing: error)
    }
  }

  private static func place(_ path: [any CodingKey], preposition: String = " (at") -> String {
    let rendered = render(path)
    if rendered.isEmpty { return "" }
    return preposition == " (at" ? " (at \(rendered))" : " \(preposition) \(rendered)"
  }

  /// A coding path as a script writes it: `path[1].screenA.isLoading` (1-based positions, the
  /// flattened `_0` of single payloads left out).
  package static func render(_ path: [any CodingKey]) -> String {
    var rendered = ""
    for key in path where key.stringValue != "_0" {
      if let index = key.intValue, Int(key.stringValue) == index {
        rendered += "[\(index + 1)]"
      } else {
        rendered += (rendered.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return rendered
  }

  private static func typeName(_ type: Any.Type) -> String {
    let parts = String(reflecting: type).split(separator: ".")
    return parts.count > 1 ? parts.dropFirst().joined(separator: ".") : parts.joined()
  }
}

// MARK: - Decoder

private struct TreeDecoder: Decoder {
  let value: DataValue
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  init(value: DataValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
    self.value = value
    self.codingPath = codingPath
    self.userInfo = userInfo
  }

  init(value: DataValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
    self.value = value
    self.codingPath = codingPath
    self.userInfo = userInfo
  }

  func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
    switch value {
    case .object(let fields):
      return KeyedDecodingContainer(
        KeyedValueDecoder<Key>(fields: fields, codingPath: codingPath, userInfo: userInfo))
    case .array(let elements) where elements.isEmpty:
      // An empty Lua table reads back as an empty object or array alike.
      return KeyedDecodingContainer(
        KeyedValueDecoder<Key>(fields: [:], codingPath: codingPath, userInfo: userInfo))
    case .string(let name):
      // An enum case without payload, written as its name.
      return KeyedDecodingContainer(
        KeyedValueDecoder<Key>(
          fields: [name: .emptyObject], codingPath: codingPath, userInfo: userInfo))
    default:
      throw DecodingError.typeMismatch(
        [String: Any].self,
        .init(
          codingPath: codingPath,
          debugDescription: "expected a table, got \(TreeDecoder.describe(value))"))
    }
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let items: [DataValue]
    switch value {
    case .array(let elements): items = elements
    case .object(let fields) where fields.isEmpty: items = []
    default:
      throw DecodingError.typeMismatch(
        [Any].self,
        .init(
          codingPath: codingPath,
          debugDescription: "expected a sequence, got \(TreeDecoder.describe(value))"))
    }
    return UnkeyedValueDecoder(items: items, codingPath: codingPath, userInfo: userInfo)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueDecoder(decoder: self)
  }

  static func describe(_ value: DataValue) -> String {
    switch value {
    case .null: "nil"
    case .array: "a sequence"
    case .object: "a table"
    default: "\(value.kind) \(value)"
    }
  }

  func decode<T: Decodable>(_: T.Type) throws -> T {
    if let primitive = try decodePrimitive(T.self) { return primitive }
    return try T(from: self)
  }

  /// Decodes the primitive types directly; `nil` for other types.
  func decodePrimitive<T>(_: T.Type) throws -> T? {
    switch T.self {
    case is String.Type:
      guard case .string(let string) = value else { throw mismatch("String") }
      return (string as! T)
    case is Bool.Type:
      guard case .bool(let flag) = value else { throw mismatch("Bool") }
      return (flag as! T)
    case is Int.Type: return (try integer(Int.self) as! T)
    case is Int64.Type: return (try integer(Int64.self) as! T)
    case is Int32.Type: return (try integer(Int32.self) as! T)
    case is Int16.Type: return (try integer(Int16.self) as! T)
    case is Int8.Type: return (try integer(Int8.self) as! T)
    case is UInt.Type: return (UInt(bitPattern: try integer(Int.self)) as! T)
    case is UInt64.Type: return (UInt64(bitPattern: Int64(try integer(Int.self))) as! T)
    case is UInt32.Type: return (try integer(UInt32.self) as! T)
    case is UInt16.Type: return (try integer(UInt16.self) as! T)
    case is UInt8.Type: return (try integer(UInt8.self) as! T)
    case is Double.Type: return (try number() as! T)
    case is Float.Type: return (Float(try number()) as! T)
    default: return nil
    }
  }

  func number() throws -> Double {
    switch value {
    case .integer(let integer): return Double(integer)
    case .number(let number): return number
    default: throw mismatch("Double")
    }
  }

  func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
    let result: I?
    switch value {
    case .integer(let integer): result = I(exactly: integer)
    case .number(let number): result = number.isFinite ? I(exactly: number) : nil
    default: throw mismatch(String(describing: I.self))
    }
    guard let result else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath,
          debugDescription: "\(value) does not fit in \(I.self)"))
    }
    return result
  }

  func mismatch(_ expected: String) -> DecodingError {
    if value == .null {
      return DecodingError.valueNotFound(
        Any.self,
        .init(codingPath: codingPath, debugDescription: "expected \(expected), got nil"))
    }
    return DecodingError.typeMismatch(
      Any.self,
      .init(
        codingPath: codingPath,
        debugDescription: "expected \(expected), got \(TreeDecoder.describe(value))"))
  }
}

private struct KeyedValueDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let fields: [String: DataValue]
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  /// For an enum case's payload: which of its fields the case read (all must be).
  var use: PayloadUse? = nil

  init(
    fields: [String: DataValue], codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any],
    use: PayloadUse? = nil
  ) {
    self.fields = fields
    self.codingPath = codingPath
    self.userInfo = userInfo
    self.use = use
  }

  var allKeys: [Key] {
    fields.keys.compactMap { Key(stringValue: $0) }
  }

  func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil || use?.scalar != nil }

  private func decoder(for key: Key) throws -> TreeDecoder {
    use?.read(key.stringValue)
    if let scalar = use?.scalar {
      return TreeDecoder(value: scalar, codingPath: codingPath + [key], userInfo: userInfo)
    }
    guard let value = fields[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "no field \"\(key.stringValue)\""))
    }
    return TreeDecoder(value: value, codingPath: codingPath + [key], userInfo: userInfo)
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    use?.read(key.stringValue)
    let value = fields[key.stringValue] ?? use?.scalar ?? .null
    // An optional payload that is nil encodes as the bare case name, which reads back as `{}`.
    return value == .null || (use != nil && use?.scalar == nil && value.isEmptyContainer)
  }

  func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
    guard fields[key.stringValue] != nil || use?.scalar != nil else {
      // Lua tables cannot hold nil: a missing field is nil to types that accept it (such as
      // `PresentationState`), and missing to the others.
      use?.read(key.stringValue)
      let absent = TreeDecoder(value: .null, codingPath: codingPath + [key], userInfo: userInfo)
      do {
        return try absent.decode(T.self)
      } catch {
        throw DecodingError.keyNotFound(
          key, .init(codingPath: codingPath, debugDescription: "no field \"\(key.stringValue)\""))
      }
    }
    if let use, use.scalar == nil, fields[key.stringValue]?.isEmptyContainer == true,
      let optional = T.self as? any ExpressibleByNilLiteral.Type
    {
      // An optional payload that is nil encodes as the bare case name, which reads back as `{}`.
      use.read(key.stringValue)
      if let value = try? decoder(for: key).decode(T.self) { return value }
      return optional.init(nilLiteral: ()) as! T
    }
    return try decoder(for: key).decode(T.self)
  }

  func decodeIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
    use?.read(key.stringValue)
    guard let value = fields[key.stringValue] ?? use?.scalar, value != .null else { return nil }
    if value.isEmptyContainer, use != nil {
      // An optional payload that is nil encodes as the bare case name, which reads back as `{}`.
      return try? TreeDecoder(value: value, codingPath: codingPath + [key], userInfo: userInfo)
        .decode(T.self)
    }
    return try TreeDecoder(value: value, codingPath: codingPath + [key], userInfo: userInfo)
      .decode(T.self)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy _: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    use?.read(key.stringValue)
    let value = fields[key.stringValue] ?? .emptyObject
    let path = codingPath + [key]
    // Synthesized `Codable` asks for a nested container for an enum case's payload. Every field
    // given must be read by the case, so a typo or a payload on a case without one is an error.
    let ledger = userInfo[PayloadLedger.key] as? PayloadLedger
    func payload(_ fields: [String: DataValue], scalar: DataValue? = nil) -> KeyedDecodingContainer<
      NestedKey
    > {
      let use = ledger?.open(caseName: key.stringValue, path: path, fields: fields, scalar: scalar)
      return KeyedDecodingContainer(
        KeyedValueDecoder<NestedKey>(fields: fields, codingPath: path, userInfo: userInfo, use: use)
      )
    }
    // A single unlabeled payload written flat: `{ setName = "Blob" }` means `{ _0 = "Blob" }`.
    if NestedKey(stringValue: "_0") != nil, NestedKey(stringValue: "_1") == nil {
      if case .object(let fields) = value, fields["_0"] != nil {
        return payload(fields)
      }
      return payload(["_0": value])
    }
    switch value {
    case .object(let fields):
      return payload(fields)
    case .array(let elements) where elements.isEmpty:
      return payload([:])
    case .array:
      return try TreeDecoder(value: value, codingPath: path, userInfo: userInfo)
        .container(keyedBy: NestedKey.self)
    default:
      // A lone value for a payload of one labeled field: `{ popFrom = 2 }` is
      // `popFrom(id: 2)`. The case must read exactly one field.
      return payload([:], scalar: value)
    }
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(for: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    TreeDecoder(value: fields["super"] ?? .null, codingPath: codingPath, userInfo: userInfo)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    TreeDecoder(
      value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key], userInfo: userInfo)
  }
}

private struct UnkeyedValueDecoder: UnkeyedDecodingContainer {
  let items: [DataValue]
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  var currentIndex = 0

  init(items: [DataValue], codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
    self.items = items
    self.codingPath = codingPath
    self.userInfo = userInfo
  }

  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  private mutating func next() throws -> TreeDecoder {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self,
        .init(
          codingPath: codingPath + [IndexKey(index: currentIndex)],
          debugDescription: "the sequence has only \(items.count) elements"))
    }
    defer { currentIndex += 1 }
    return TreeDecoder(
      value: items[currentIndex], codingPath: codingPath + [IndexKey(index: currentIndex)],
      userInfo: userInfo)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, items[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_: T.Type) throws -> T { try next().decode(T.self) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy _: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next().container(keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next().unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleValueDecoder: SingleValueDecodingContainer {
  let decoder: TreeDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { decoder.value == .null }

  func decode<T: Decodable>(_: T.Type) throws -> T { try decoder.decode(T.self) }
}
