// Encodable → DataValue, in the form people read: enum cases by name, payloads flattened.

// MARK: - The encoder

/// Encodes `Encodable` values as ``DataValue``s.
///
/// Structs become objects of their fields and arrays become arrays, as with JSON. Enums with
/// synthesized `Codable` are made readable:
///
/// - a case without payload is its name: `"incrementButtonTapped"`;
/// - a case with one unlabeled payload is `{ setName = "Blob" }` (not `{ setName = { _0 = … } }`);
/// - labeled payloads keep their labels: `{ element = { id = 2, action = … } }`.
///
/// `nil` optionals leave the field out, as Lua tables cannot hold `nil`, so a value reads the
/// same in Lua and in JSON.
/// ``ValueDecoder`` reads all of these forms back.
public struct ValueEncoder: Sendable {
  /// Values for `Encoder.userInfo`, through which types adjust their encoding.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// Creates an encoder.
  public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) { self.userInfo = userInfo }

  /// Encodes `value`.
  public func encode<T: Encodable>(_ value: T) throws -> DataValue {
    if let primitive = EncodedSlot.primitive(value) { return primitive }
    let slot = EncodedSlot()
    try value.encode(to: TreeEncoder(slot: slot, codingPath: [], userInfo: userInfo))
    return slot.finish()
  }
}

// MARK: - Storage

/// Where one encoded value is built; containers write into it, ``finish()`` flattens it.
final class EncodedSlot {
  enum Content {
    case empty
    case value(DataValue)
    case keyed(KeyedStorage)
    case unkeyed(UnkeyedStorage)
  }

  var content: Content = .empty

  final class KeyedStorage {
    var entries: [String: EncodedSlot] = [:]
    /// Created by `nestedContainer(keyedBy:forKey:)`: what synthesized `Codable` does for an
    /// enum case's payload.
    let isCasePayload: Bool
    init(isCasePayload: Bool) { self.isCasePayload = isCasePayload }
  }

  final class UnkeyedStorage {
    var items: [EncodedSlot] = []
  }

  func keyed(isCasePayload: Bool = false) -> KeyedStorage {
    if case .keyed(let storage) = content { return storage }
    let storage = KeyedStorage(isCasePayload: isCasePayload)
    content = .keyed(storage)
    return storage
  }

  func unkeyed() -> UnkeyedStorage {
    if case .unkeyed(let storage) = content { return storage }
    let storage = UnkeyedStorage()
    content = .unkeyed(storage)
    return storage
  }

  /// Whether this slot is an enum case's empty payload container: a case without payload.
  var isEmptyCasePayload: Bool {
    if case .keyed(let storage) = content {
      return storage.isCasePayload && storage.entries.isEmpty
    }
    return false
  }

  /// The slot's value with the value model's flattening applied.
  func finish() -> DataValue {
    switch content {
    case .empty: return .emptyObject
    case .value(let value): return value
    case .unkeyed(let storage): return .array(storage.items.map { $0.finish() })
    case .keyed(let storage):
      if storage.isCasePayload, storage.entries.count == 1, let only = storage.entries["_0"] {
        return only.finish()
      }
      if storage.entries.count == 1, let (name, payload) = storage.entries.first,
        payload.isEmptyCasePayload
      {
        return .string(name)
      }
      var fields: [String: DataValue] = [:]
      fields.reserveCapacity(storage.entries.count)
      for (key, slot) in storage.entries {
        let value = slot.finish()
        if value != .null { fields[key] = value }
      }
      return .object(fields)
    }
  }

  /// The value of a primitive, without building an encoder.
  static func primitive<T: Encodable>(_ value: T) -> DataValue? {
    switch value {
    case let value as String: return .string(value)
    case let value as Int: return .integer(value)
    case let value as Bool: return .bool(value)
    case let value as Double: return .number(value)
    case let value as Float: return .number(Double(value))
    case let value as Int64: return .integer(Int(value))
    case let value as Int32: return .integer(Int(value))
    case let value as Int16: return .integer(Int(value))
    case let value as Int8: return .integer(Int(value))
    case let value as UInt8: return .integer(Int(value))
    case let value as UInt16: return .integer(Int(value))
    case let value as UInt32: return .integer(Int(value))
    // Above Int.max, as Lua keeps unsigned values: the same 64 bits in an integer (see math.ult).
    case let value as UInt: return .integer(Int(bitPattern: value))
    case let value as UInt64: return .integer(Int(Int64(bitPattern: value)))
    default: return nil
    }
  }
}

// MARK: - Encoder

private struct TreeEncoder: Encoder {
  let slot: EncodedSlot
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  init(slot: EncodedSlot, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable])
  {
    self.slot = slot
    self.codingPath = codingPath
    self.userInfo = userInfo
  }

  init(slot: EncodedSlot, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
    self.slot = slot
    self.codingPath = codingPath
    self.userInfo = userInfo
  }

  func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(
      KeyedValueEncoder<Key>(storage: slot.keyed(), codingPath: codingPath, userInfo: userInfo))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedValueEncoder(storage: slot.unkeyed(), codingPath: codingPath, userInfo: userInfo)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueEncoder(slot: slot, codingPath: codingPath, userInfo: userInfo)
  }

  /// Encodes `value` into `slot`, with a fast path for primitives.
  static func encode<T: Encodable>(
    _ value: T, into slot: EncodedSlot, codingPath: [any CodingKey],
    userInfo: [CodingUserInfoKey: Any]
  ) throws {
    if let primitive = EncodedSlot.primitive(value) {
      slot.content = .value(primitive)
    } else {
      try value.encode(to: TreeEncoder(slot: slot, codingPath: codingPath, userInfo: userInfo))
    }
  }
}

private struct KeyedValueEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let storage: EncodedSlot.KeyedStorage
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  private func slot(for key: Key) -> EncodedSlot {
    let slot = EncodedSlot()
    storage.entries[key.stringValue] = slot
    return slot
  }

  mutating func encodeNil(forKey key: Key) throws { slot(for: key).content = .value(.null) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try TreeEncoder.encode(
      value, into: slot(for: key), codingPath: codingPath + [key], userInfo: userInfo)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy _: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(
      KeyedValueEncoder<NestedKey>(
        storage: slot(for: key).keyed(isCasePayload: true), codingPath: codingPath + [key],
        userInfo: userInfo))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    UnkeyedValueEncoder(
      storage: slot(for: key).unkeyed(), codingPath: codingPath + [key], userInfo: userInfo)
  }

  mutating func superEncoder() -> any Encoder {
    TreeEncoder(
      slot: slot(for: Key(stringValue: "super")!), codingPath: codingPath, userInfo: userInfo)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    TreeEncoder(slot: slot(for: key), codingPath: codingPath + [key], userInfo: userInfo)
  }
}

private struct UnkeyedValueEncoder: UnkeyedEncodingContainer {
  let storage: EncodedSlot.UnkeyedStorage
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  var count: Int { storage.items.count }

  private func nextSlot() -> EncodedSlot {
    let slot = EncodedSlot()
    storage.items.append(slot)
    return slot
  }

  private var nextKey: any CodingKey { IndexKey(index: storage.items.count) }

  mutating func encodeNil() throws { nextSlot().content = .value(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let key = nextKey
    try TreeEncoder.encode(
      value, into: nextSlot(), codingPath: codingPath + [key], userInfo: userInfo)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy _: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let key = nextKey
    return KeyedEncodingContainer(
      KeyedValueEncoder<NestedKey>(
        storage: nextSlot().keyed(), codingPath: codingPath + [key], userInfo: userInfo))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let key = nextKey
    return UnkeyedValueEncoder(
      storage: nextSlot().unkeyed(), codingPath: codingPath + [key], userInfo: userInfo)
  }

  mutating func superEncoder() -> any Encoder {
    let key = nextKey
    return TreeEncoder(slot: nextSlot(), codingPath: codingPath + [key], userInfo: userInfo)
  }
}

private struct SingleValueEncoder: SingleValueEncodingContainer {
  let slot: EncodedSlot
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  mutating func encodeNil() throws { slot.content = .value(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try TreeEncoder.encode(value, into: slot, codingPath: codingPath, userInfo: userInfo)
  }
}
