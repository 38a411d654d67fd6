// SharedReaderKey and SharedKey: how a shared value is loaded, kept up to date and saved, as
// swift-sharing's protocols describe a persistence strategy.

/// A way to load a shared value from outside (a file, user defaults, memory) and to hear of
/// later changes: what `@SharedReader(.key)` reads through.
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the value.
  associatedtype Value: Sendable
  /// What makes two keys the same storage: values of keys with equal ids are one reference.
  associatedtype ID: Hashable = Self

  /// The key's identity.
  var id: ID { get }

  /// Loads the value and resumes `continuation` with it, with `nil` (the initial value) or with
  /// an error; at once or later.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Starts telling `subscriber` of changes made outside; the returned subscription stops it.
  func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  /// A key that is its own identity.
  public var id: ID { self }
}

/// A ``SharedReaderKey`` that can also save: what `@Shared(.key)` writes through.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value` and resumes `continuation` when it is saved, or with an error.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a value is loaded: a reference being created with an initial value, or a user asking.
public enum LoadContext<Value> {
  /// A reference is being created; the value to use when storage holds none.
  case initialValue(Value)
  /// `$shared.load()` asked for a fresh value.
  case userInitiated

  /// The initial value, when the load is a reference's first.
  public var initialValue: Value? {
    if case .initialValue(let value) = self { return value }
    return nil
  }
}

extension LoadContext: Sendable where Value: Sendable {}
extension LoadContext: Equatable where Value: Equatable {}
extension LoadContext: Hashable where Value: Hashable {}

/// Why a value is saved: it was changed, or `$shared.save()` asked.
public enum SaveContext: Hashable, Sendable {
  /// The value was changed (`withLock`).
  case didSet
  /// `$shared.save()` asked.
  case userInitiated
}
