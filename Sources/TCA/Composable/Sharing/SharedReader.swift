// SharedReader: a read-only view of shared state — swift-sharing's `@SharedReader`.

/// A read-only shared value: what a feature that only shows shared state holds
/// (`@SharedReader(.appStorage("isOn")) var isOn = false`), or a `Shared` seen without the
/// right to change it.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value> {
  let reference: any SharedReference<Value>

  init(reference: any SharedReference<Value>) { self.reference = reference }

  /// A read-only reference to a value held in memory.
  public init(value: Value) { self.init(reference: SharedBox(value: value)) }

  /// A read-only view of a shared value.
  public init(_ base: Shared<Value>) { self.init(reference: base.reference) }

  /// The value inside an optional shared value, or `nil` when it is `nil`.
  public init?(_ base: Shared<Value?>) {
    guard let unwrapped = Shared(base) else { return nil }
    self.init(unwrapped)
  }

  /// The value inside an optional read-only value, or `nil` when it is `nil`.
  public init?(_ base: SharedReader<Value?>) {
    func open<Base: SharedReference<Value?>>(_ base: Base) -> (any SharedReference<Value>)? {
      SharedUnwrapping(base: base)
    }
    guard let reference = open(base.reference) else { return nil }
    self.init(reference: reference)
  }

  /// The projection of another reference, as a property wrapper's parameter passes it.
  public init(projectedValue: Self) { self = projectedValue }

  /// The current value.
  public var wrappedValue: Value { reference.read(SharedTesting.currentMode) }

  /// The reference itself: `$value`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A read-only reference to a part of the value.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    func open<Base: SharedReference<Value>>(_ base: Base) -> any SharedReference<Member> {
      SharedProjection(base: base, keyPath: keyPath)
    }
    return SharedReader<Member>(reference: open(reference))
  }

  /// A read-only reference to a part of the value.
  public func read<Member>(_ keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    self[dynamicMember: keyPath]
  }

  /// Asks the key for a fresh value from storage.
  public func load() async throws { try await reference.root.reload() }

  /// Whether the key is loading the value.
  public var isLoading: Bool { reference.root.lock.withLock { reference.root.isLoading } }

  /// The error of the last load, or `nil`.
  public var loadError: (any Error)? { reference.root.lock.withLock { reference.root.loadError } }
}

extension SharedReader: @unchecked Sendable {}

extension SharedReader: SharedValue {
  var sharedRoot: SharedRoot { reference.root }
}

extension SharedReader: CustomReflectable {
  /// Reflects as the value.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension SharedReader: CustomStringConvertible {
  /// `SharedReader<Bool>(.appStorage("isOn"))`.
  public var description: String {
    describeShared("SharedReader", reference)
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Whether the values are equal; in a test store's check, snapshot against live value.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    sharedReferencesEqual(lhs.reference, rhs.reference)
  }
}

extension SharedReader: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}
