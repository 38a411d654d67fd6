// `@Dependency`: the property wrapper that reads a dependency from the values in force.

/// A property wrapper that reads a dependency from the values in force when it is accessed.
///
/// ```swift
/// @Dependency(\.continuousClock) var clock
/// ```
///
/// Inside a store's reducer the store's dependencies are in force; inside an effect, the ones in
/// force when the effect was created.
@propertyWrapper
public struct Dependency<Value>: @unchecked Sendable {
  private let keyPath: KeyPath<DependencyValues, Value>

  /// Creates a wrapper that reads the dependency at `keyPath`.
  public init(_ keyPath: KeyPath<DependencyValues, Value>) {
    self.keyPath = keyPath
  }

  /// Creates a wrapper that reads the dependency registered for the type `key` itself.
  public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {
    self.keyPath = \DependencyValues.[key: ObjectIdentifierKey<Key>()]
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    DependencyValues.read { $0[keyPath: keyPath] }
  }
}

/// A hashable stand-in for a key type, so a key path can subscript ``DependencyValues`` by type.
struct ObjectIdentifierKey<Key: TestDependencyKey>: Hashable, Sendable {}

extension DependencyValues {
  subscript<Key: TestDependencyKey>(key _: ObjectIdentifierKey<Key>) -> Key.Value {
    self[Key.self]
  }
}
