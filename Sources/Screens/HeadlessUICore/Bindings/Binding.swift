// Binding: a value a control shows and changes, in SwiftUI's shape.

/// A value a control shows and changes: a text field's text, a toggle's state, a picker's
/// selection.
///
/// As SwiftUI's: read and written through `wrappedValue`, projected as itself, narrowed to a
/// property with dynamic member lookup (`$profile.name`). Headless, a binding made from a store
/// reads the rendering's state and sends an action when written.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  private let read: () -> Value
  private let write: (Value) -> Void

  /// A binding that reads `get` and calls `set` when written.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.read = get
    self.write = set
  }

  /// A binding that reads `get` and calls `set` with the new value and its transaction.
  public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
    self.read = get
    self.write = { set($0, Transaction()) }
  }

  /// A binding to `projectedValue`'s value.
  public init(projectedValue: Binding<Value>) { self = projectedValue }

  /// A binding that always reads `value` and ignores writes.
  public static func constant(_ value: Value) -> Binding { Binding(get: { value }, set: { _ in }) }

  /// The value: reading it reads the source, writing it writes the source.
  public var wrappedValue: Value {
    get { read() }
    nonmutating set { write(newValue) }
  }

  /// The binding itself, as `$value` gives it.
  public var projectedValue: Binding<Value> { self }

  /// A binding to the property `keyPath` of the value.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<
    Subject
  > {
    let read = self.read
    let write = self.write
    return Binding<Subject>(
      get: { read()[keyPath: keyPath] },
      set: { newValue in
        var value = read()
        value[keyPath: keyPath] = newValue
        write(value)
      })
  }

  /// The binding, its changes animated with `animation`: the same binding, headless.
  public func animation(_ animation: Animation? = .default) -> Binding<Value> { self }

  /// The binding, its changes made in `transaction`: the same binding, headless.
  public func transaction(_ transaction: Transaction) -> Binding<Value> { self }
}

/// The context of a change (its animation), as SwiftUI's `Transaction`.
public struct Transaction: Sendable {
  /// The change's animation.
  public var animation: Animation?
  /// Whether animations are off.
  public var disablesAnimations = false

  /// A transaction with `animation`.
  public init(animation: Animation? = nil) { self.animation = animation }
}

/// Runs `body`, its changes animated with `animation`: headless, it runs `body`.
@MainActor
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result {
  try body()
}

/// Runs `body` in `transaction`: headless, it runs `body`.
@MainActor
public func withTransaction<Result>(
  _ transaction: Transaction, _ body: () throws -> Result
) rethrows -> Result {
  try body()
}
