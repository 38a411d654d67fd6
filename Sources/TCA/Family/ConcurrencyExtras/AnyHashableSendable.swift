// AnyHashableSendable: a type-erased hashable value that may cross threads.

/// A hashable value of any `Hashable & Sendable` type, itself `Sendable`: `AnyHashable` is not.
///
/// It compares and hashes as `AnyHashable` does, so `AnyHashableSendable(1)` equals
/// `AnyHashableSendable(1 as Int)` and can key a dictionary of cancellation ids.
public struct AnyHashableSendable: Hashable, Sendable {
  /// The wrapped value.
  public let base: any Hashable & Sendable

  /// Wraps `base`; an `AnyHashableSendable` is not wrapped twice.
  public init(_ base: some Hashable & Sendable) {
    if let already = base as? AnyHashableSendable {
      self = already
    } else {
      self.base = base
    }
  }

  /// Whether two wrapped values are equal, as `AnyHashable` says.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the wrapped value as `AnyHashable` does.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(base))
  }
}

extension AnyHashableSendable: CustomStringConvertible, CustomDebugStringConvertible {
  /// The wrapped value's description.
  public var description: String { String(describing: base) }
  /// The wrapped value's debug description.
  public var debugDescription: String { "AnyHashableSendable(\(String(reflecting: base)))" }
}
