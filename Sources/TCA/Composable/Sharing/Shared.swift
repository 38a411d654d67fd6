// Shared: a value that several features, stores and scripts read and change as one, optionally
// kept in storage — swift-sharing's `@Shared`.

/// A value shared by reference: every copy reads and changes the same value, which a key may
/// keep in storage (`.inMemory`, `.fileStorage`, `.appStorage`, or a custom ``SharedKey``).
///
/// ```swift
/// @ObservableState
/// struct State {
///   @Shared(.fileStorage(.documentsDirectory.appending(component: "todos.json")))
///   var todos: IdentifiedArrayOf<Todo> = []
/// }
/// // in the reducer
/// state.$todos.withLock { $0.append(todo) }
/// ```
///
/// Changes go through ``withLock(_:fileID:filePath:line:column:)``. A ``TestStore`` asserts
/// them like any state (`$0.$todos.withLock { … }` in the assertion), and fails when one is not
/// asserted.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value> {
  let reference: any SharedReference<Value>

  init(reference: any SharedReference<Value>) { self.reference = reference }

  /// A shared value held in memory by this reference and its copies only.
  public init(value: Value) { self.init(reference: SharedBox(value: value)) }

  /// The projection of another reference, as a property wrapper's parameter passes it.
  public init(projectedValue: Self) { self = projectedValue }

  /// The value inside an optional shared value, or `nil` when it is `nil`:
  /// `Shared($syncUps[id: id])`.
  public init?(_ base: Shared<Value?>) {
    func open<Base: SharedReference<Value?>>(_ base: Base) -> (any SharedReference<Value>)? {
      SharedUnwrapping(base: base)
    }
    guard let reference = open(base.reference) else { return nil }
    self.init(reference: reference)
  }

  /// The current value.
  ///
  /// Change it with `$value.withLock { … }`, as swift-sharing asks: the setter is kept for
  /// code written before Sharing 2 and is deprecated there too.
  public var wrappedValue: Value {
    get { reference.read(SharedTesting.currentMode) }
    @available(
      *, deprecated,
      message: "Use '$shared.withLock' to modify a shared value with exclusive access"
    )
    nonmutating set { withLock { $0 = newValue } }
  }

  /// The reference itself: `$value`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Changes the value with exclusive access, then saves it and tells those who observe it.
  @discardableResult
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    try reference.update(SharedTesting.currentMode, operation)
  }

  /// A shared reference to a part of the value: `$syncUp.title`.
  public subscript<Member>(
    dynamicMember keyPath: WritableKeyPath<Value, Member>
  ) -> Shared<Member> {
    func open<Base: SharedReference<Value>>(_ base: Base) -> any SharedReference<Member> {
      SharedProjection(base: base, keyPath: keyPath)
    }
    return Shared<Member>(reference: open(reference))
  }

  /// A read-only shared reference to a part of the value that cannot be written: `$items.count`.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value, Member>
  ) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// A read-only reference to a part of the value.
  public func read<Member>(_ keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// Asks the key for a fresh value from storage.
  public func load() async throws { try await reference.root.reload() }

  /// Saves the value to storage now.
  public func save() async throws { try await reference.root.saveNow() }

  /// Whether the key is loading the value.
  public var isLoading: Bool { reference.root.lock.withLock { reference.root.isLoading } }

  /// The error of the last load, or `nil`.
  public var loadError: (any Error)? { reference.root.lock.withLock { reference.root.loadError } }

  /// The error of the last save, or `nil`.
  public var saveError: (any Error)? { reference.root.lock.withLock { reference.root.saveError } }
}

extension Shared: @unchecked Sendable {}

extension Shared: SharedValue {
  var sharedRoot: SharedRoot { reference.root }
}

extension Shared: CustomReflectable {
  /// Reflects as the value, so dumps and diffs show the value.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension Shared: CustomStringConvertible {
  /// `Shared<Int>(.inMemory("count"))`, or the value for a reference with no key.
  public var description: String {
    describeShared("Shared", reference)
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether the values are equal; in a test store's check, the left side's snapshot against
  /// the right side's live value when both are the same reference.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    sharedReferencesEqual(lhs.reference, rhs.reference)
  }
}

extension Shared: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}
