// Tagged: a value distinguished by a tag type, so that one model's id cannot be passed where
// another's is expected — the `Tagged` type of swift-tagged, which TCA's examples use for ids
// (`Tagged<SyncUp, UUID>`). It stands alone: it needs nothing of navd.

import Foundation

/// A `RawValue` tagged with `Tag`: `Tagged<User, UUID>` and `Tagged<Order, UUID>` are different
/// types with the same representation.
///
/// It has what its raw value has: equality, hashing, ordering, coding (as the raw value alone),
/// literals, descriptions and arithmetic; `Tagged<Tag, UUID>()` is a fresh id.
@dynamicMemberLookup
public struct Tagged<Tag, RawValue> {
  /// The value under the tag.
  public var rawValue: RawValue

  /// Tags `rawValue`.
  public init(rawValue: RawValue) { self.rawValue = rawValue }

  /// Tags `rawValue`.
  public init(_ rawValue: RawValue) { self.rawValue = rawValue }

  /// A property of the raw value.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<RawValue, Subject>) -> Subject {
    rawValue[keyPath: keyPath]
  }

  /// The raw value transformed, under the same tag.
  public func map<NewValue>(_ transform: (RawValue) throws -> NewValue) rethrows -> Tagged<
    Tag, NewValue
  > {
    Tagged<Tag, NewValue>(rawValue: try transform(rawValue))
  }

  /// The same raw value under another tag.
  public func coerced<NewTag>(to _: NewTag.Type) -> Tagged<NewTag, RawValue> {
    Tagged<NewTag, RawValue>(rawValue: rawValue)
  }
}

extension Tagged: RawRepresentable {}
extension Tagged: Sendable where RawValue: Sendable {}
extension Tagged: Equatable where RawValue: Equatable {}
extension Tagged: Hashable where RawValue: Hashable {}

extension Tagged: Comparable where RawValue: Comparable {
  /// Orders by the raw values.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Tagged: Identifiable where RawValue: Identifiable {
  /// The raw value's id.
  public var id: RawValue.ID { rawValue.id }
}

extension Tagged: CustomStringConvertible {
  /// The raw value's description.
  public var description: String { String(describing: rawValue) }
}

extension Tagged: CustomDebugStringConvertible {
  /// The raw value's debug description.
  public var debugDescription: String { String(reflecting: rawValue) }
}

extension Tagged: LosslessStringConvertible where RawValue: LosslessStringConvertible {
  /// Parses the raw value.
  public init?(_ description: String) {
    guard let rawValue = RawValue(description) else { return nil }
    self.init(rawValue: rawValue)
  }
}

extension Tagged: Encodable where RawValue: Encodable {
  /// Encodes the raw value alone, as swift-tagged does.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension Tagged: Decodable where RawValue: Decodable {
  /// Decodes the raw value alone.
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
  }
}

extension Tagged: Error where RawValue: Error {}

extension Tagged: ExpressibleByIntegerLiteral where RawValue: ExpressibleByIntegerLiteral {
  /// A raw value from an integer literal.
  public init(integerLiteral value: RawValue.IntegerLiteralType) {
    self.init(rawValue: RawValue(integerLiteral: value))
  }
}

extension Tagged: ExpressibleByFloatLiteral where RawValue: ExpressibleByFloatLiteral {
  /// A raw value from a floating-point literal.
  public init(floatLiteral value: RawValue.FloatLiteralType) {
    self.init(rawValue: RawValue(floatLiteral: value))
  }
}

extension Tagged: ExpressibleByBooleanLiteral where RawValue: ExpressibleByBooleanLiteral {
  /// A raw value from a Boolean literal.
  public init(booleanLiteral value: RawValue.BooleanLiteralType) {
    self.init(rawValue: RawValue(booleanLiteral: value))
  }
}

extension Tagged: ExpressibleByUnicodeScalarLiteral
where RawValue: ExpressibleByUnicodeScalarLiteral {
  /// A raw value from a Unicode scalar literal.
  public init(unicodeScalarLiteral value: RawValue.UnicodeScalarLiteralType) {
    self.init(rawValue: RawValue(unicodeScalarLiteral: value))
  }
}

extension Tagged: ExpressibleByExtendedGraphemeClusterLiteral
where RawValue: ExpressibleByExtendedGraphemeClusterLiteral {
  /// A raw value from a grapheme cluster literal.
  public init(extendedGraphemeClusterLiteral value: RawValue.ExtendedGraphemeClusterLiteralType) {
    self.init(rawValue: RawValue(extendedGraphemeClusterLiteral: value))
  }
}

extension Tagged: ExpressibleByStringLiteral where RawValue: ExpressibleByStringLiteral {
  /// A raw value from a string literal.
  public init(stringLiteral value: RawValue.StringLiteralType) {
    self.init(rawValue: RawValue(stringLiteral: value))
  }
}

extension Tagged: AdditiveArithmetic where RawValue: AdditiveArithmetic {
  /// The raw value's zero.
  public static var zero: Self { Self(rawValue: .zero) }
  /// The sum of the raw values.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(rawValue: lhs.rawValue + rhs.rawValue)
  }
  /// The difference of the raw values.
  public static func - (lhs: Self, rhs: Self) -> Self {
    Self(rawValue: lhs.rawValue - rhs.rawValue)
  }
}

extension Tagged where RawValue == UUID {
  /// A fresh random id.
  public init() { self.init(rawValue: UUID()) }

  /// The id a UUID string names, or `nil` when it names none.
  public init?(uuidString: String) {
    guard let uuid = UUID(uuidString: uuidString) else { return nil }
    self.init(rawValue: uuid)
  }
}
