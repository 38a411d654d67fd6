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
    try value.encode(to: TreeEncoder(slot: slot, path: CodingPath(), userInfo: userInfo))
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
    /// The keys and their slots, in the order encoded: a dictionary is made once, at the end.
    var entries: [(key: String, slot: EncodedSlot)] = []
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
      if storage.entries.count == 1 {
        let (name, only) = storage.entries[0]
        if storage.isCasePayload, name == "_0" { return only.finish() }
        if only.isEmptyCasePayload { return .string(name) }
      }
      var fields: [String: DataValue] = [:]
      fields.reserveCapacity(storage.entries.count)
      // In order, so that a key encoded twice keeps its last value, as a dictionary would.
      for (key, slot) in storage.entries {
        let value = slot.finish()
        if value == .null {
          fields.removeValue(forKey: key)
        } else {
          fields[key] = value
        }
      }
      return .object(fields)
    }
  }

  /// The value of a primitive, without building an encoder.
  ///
  /// The type is compared first, not the value cast: a cast is a runtime call, and a struct or
  /// an enum, which most values are, would fail fourteen of them before its own encoding.
  static func primitive<T: Encodable>(_ value: T) -> DataValue? {
    let type = T.self
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(String.self): return .string(unsafeBitCast(value, to: String.self))
    case ObjectIdentifier(Int.self): return .integer(unsafeBitCast(value, to: Int.self))
    case ObjectIdentifier(Bool.self): return .bool(unsafeBitCast(value, to: Bool.self))
    case ObjectIdentifier(Double.self): return .number(unsafeBitCast(value, to: Double.self))
    case ObjectIdentifier(Float.self):
      return .number(Double(unsafeBitCast(value, to: Float.self)))
    case ObjectIdentifier(Int64.self):
      return .integer(Int(unsafeBitCast(value, to: Int64.self)))
    case ObjectIdentifier(Int32.self):
      return .integer(Int(unsafeBitCast(value, to: Int32.self)))
    case ObjectIdentifier(Int16.self):
      return .integer(Int(unsafeBitCast(value, to: Int16.self)))
    case ObjectIdentifier(Int8.self): return .integer(Int(unsafeBitCast(value, to: Int8.self)))
    case ObjectIdentifier(UInt8.self):
      return .integer(Int(unsafeBitCast(value, to: UInt8.self)))
    case ObjectIdentifier(UInt16.self):
      return .integer(Int(unsafeBitCast(value, to: UInt16.self)))
    case ObjectIdentifier(UInt32.self):
      return .integer(Int(unsafeBitCast(value, to: UInt32.self)))
    // Above Int.max, as Lua keeps unsigned values: the same 64 bits in an integer (see math.ult).
    case ObjectIdentifier(UInt.self):
      return .integer(Int(bitPattern: unsafeBitCast(value, to: UInt.self)))
    case ObjectIdentifier(UInt64.self):
      return .integer(Int(Int64(bitPattern: unsafeBitCast(value, to: UInt64.self))))
    default: return nil
    }
  }
}

// MARK: - Encoder

/// The keys from the encoded root to a container, as a chain of links: going one level down
/// adds a link rather than copying the path, and the array is made only when asked for.
struct CodingPath {
  final class Link {
    let key: any CodingKey
    let parent: Link?
    init(key: any CodingKey, parent: Link?) {
      self.key = key
      self.parent = parent
    }
  }

  /// The innermost key's link; `nil` at the root.
  var last: Link?

  /// The path one key further down.
  func appending(_ key: any CodingKey) -> CodingPath {
    CodingPath(last: Link(key: key, parent: last))
  }

  /// The keys, outermost first.
  var keys: [any CodingKey] {
    var keys: [any CodingKey] = []
    var link = last
    while let current = link {
      keys.append(current.key)
      link = current.parent
    }
    return keys.reversed()
  }
}

private struct TreeEncoder: Encoder {
  let slot: EncodedSlot
  let path: CodingPath
  var codingPath: [any CodingKey] { path.keys }
  let userInfo: [CodingUserInfoKey: Any]

  init(slot: EncodedSlot, path: CodingPath, userInfo: [CodingUserInfoKey: any Sendable]) {
    self.slot = slot
    self.path = path
    self.userInfo = userInfo
  }

  init(slot: EncodedSlot, path: CodingPath, userInfo: [CodingUserInfoKey: Any]) {
    self.slot = slot
    self.path = path
    self.userInfo = userInfo
  }

  func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(
      KeyedValueEncoder<Key>(storage: slot.keyed(), path: path, userInfo: userInfo))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedValueEncoder(storage: slot.unkeyed(), path: path, userInfo: userInfo)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueEncoder(slot: slot, path: path, userInfo: userInfo)
  }

  /// Encodes `value` into `slot`, with a fast path for primitives.
  static func encode<T: Encodable>(
    _ value: T, into slot: EncodedSlot, path: CodingPath,
    userInfo: [CodingUserInfoKey: Any]
  ) throws {
    if let primitive = EncodedSlot.primitive(value) {
      slot.content = .value(primitive)
    } else {
      try value.encode(to: TreeEncoder(slot: slot, path: path, userInfo: userInfo))
    }
  }
}

private struct KeyedValueEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let storage: EncodedSlot.KeyedStorage
  let path: CodingPath
  var codingPath: [any CodingKey] { path.keys }
  let userInfo: [CodingUserInfoKey: Any]

  private func slot(for key: Key) -> EncodedSlot {
    let slot = EncodedSlot()
    storage.entries.append((key.stringValue, slot))
    return slot
  }

  mutating func encodeNil(forKey key: Key) throws { slot(for: key).content = .value(.null) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try TreeEncoder.encode(
      value, into: slot(for: key), path: path.appending(key), userInfo: userInfo)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy _: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(
      KeyedValueEncoder<NestedKey>(
        storage: slot(for: key).keyed(isCasePayload: true), path: path.appending(key),
        userInfo: userInfo))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    UnkeyedValueEncoder(
      storage: slot(for: key).unkeyed(), path: path.appending(key), userInfo: userInfo)
  }

  mutating func superEncoder() -> any Encoder {
    TreeEncoder(
      slot: slot(for: Key(stringValue: "super")!), path: path, userInfo: userInfo)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    TreeEncoder(slot: slot(for: key), path: path.appending(key), userInfo: userInfo)
  }
}

private struct UnkeyedValueEncoder: UnkeyedEncodingContainer {
  let storage: EncodedSlot.UnkeyedStorage
  let path: CodingPath
  var codingPath: [any CodingKey] { path.keys }
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
      value, into: nextSlot(), path: path.appending(key), userInfo: userInfo)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy _: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let key = nextKey
    return KeyedEncodingContainer(
      KeyedValueEncoder<NestedKey>(
        storage: nextSlot().keyed(), path: path.appending(key), userInfo: userInfo))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let key = nextKey
    return UnkeyedValueEncoder(
      storage: nextSlot().unkeyed(), path: path.appending(key), userInfo: userInfo)
  }

  mutating func superEncoder() -> any Encoder {
    let key = nextKey
    return TreeEncoder(slot: nextSlot(), path: path.appending(key), userInfo: userInfo)
  }
}

private struct SingleValueEncoder: SingleValueEncodingContainer {
  let slot: EncodedSlot
  let path: CodingPath
  var codingPath: [any CodingKey] { path.keys }
  let userInfo: [CodingUserInfoKey: Any]

  mutating func encodeNil() throws { slot.content = .value(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try TreeEncoder.encode(value, into: slot, path: path, userInfo: userInfo)
  }
}
