// UncheckedSendable: a value the caller vouches may cross threads.

/// A value handed across isolation on its caller's word that doing so is safe.
///
/// The compiler checks nothing here: use it for a value that is safe in practice (a reference
/// set once, a type from a library not yet annotated), and prefer a lock or an actor
/// (``LockIsolated``, ``ActorIsolated``) for anything that changes.
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The value.
  public var value: Value

  /// Wraps `value`.
  public init(_ value: Value) { self.value = value }

  /// Wraps `value`, as a property wrapper.
  public init(wrappedValue value: Value) { self.value = value }

  /// The value, as a property wrapper's.
  public var wrappedValue: Value {
    get { value }
    _modify { yield &value }
  }

  /// The wrapper itself, as a property wrapper's projection.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A property of the value.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// A property of the value, to change.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }
}

extension UncheckedSendable: Equatable where Value: Equatable {}
extension UncheckedSendable: Hashable where Value: Hashable {}
