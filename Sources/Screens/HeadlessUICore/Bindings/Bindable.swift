// Bindable: SwiftUI's property wrapper that makes bindings from an observable object's members.

/// A property wrapper that gives bindings to what it wraps, as SwiftUI's: `@Bindable var store`
/// lets a view write `$store.scope(state:action:)` and `$store.name.sending(\.setName)`.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
  /// The wrapped value.
  public var wrappedValue: Value

  /// Wraps `wrappedValue`.
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

  /// Wraps `wrappedValue`.
  public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }

  /// The wrapper of another `Bindable`'s value.
  public init(projectedValue: Bindable<Value>) { self = projectedValue }

  /// The wrapper itself, as `$store` gives it.
  public var projectedValue: Bindable<Value> { self }

  /// A binding to a writable property of the wrapped object.
  public subscript<Subject>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
  ) -> Binding<Subject> where Value: AnyObject {
    let object = wrappedValue
    return Binding(
      get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}
