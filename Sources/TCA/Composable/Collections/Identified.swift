// Identified: a value with an id of its own, for values that are not Identifiable.

/// A value paired with an id, so it can live in an ``IdentifiedArray``: its properties read
/// through it (`row.title` for `Identified<UUID, Row>`).
@dynamicMemberLookup
public struct Identified<ID: Hashable, Value>: Identifiable {
  /// The id.
  public let id: ID
  /// The value.
  public var value: Value

  /// Pairs `value` with `id`.
  public init(_ value: Value, id: ID) {
    self.id = id
    self.value = value
  }

  /// Pairs `value` with the id at `keyPath` of it.
  public init(_ value: Value, id keyPath: KeyPath<Value, ID>) {
    self.init(value, id: value[keyPath: keyPath])
  }

  /// A property of the value.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Member {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }
}

extension Identified: Equatable where Value: Equatable {}
extension Identified: Hashable where Value: Hashable {}
extension Identified: Sendable where ID: Sendable, Value: Sendable {}
extension Identified: Encodable where ID: Encodable, Value: Encodable {}
extension Identified: Decodable where ID: Decodable, Value: Decodable {}
