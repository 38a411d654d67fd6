// How `@Shared(.key)` and `@SharedReader(.key)` are made from keys: one box per key id, loaded
// from storage once, the declared value used only when storage holds none.

extension Shared {
  /// A reference to the value `key` keeps; `value` when the key's storage holds none and no
  /// other reference to the key lives.
  public init(wrappedValue value: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(reference: Self.box(for: key, initial: value))
  }

  /// A reference to an optional value `key` keeps, `nil` when storage holds none.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A reference to the value `key` keeps, starting from the key's default.
  public init<Key: SharedKey<Value>>(_ key: Key.Default) {
    self.init(wrappedValue: key.initialValue, key)
  }

  /// A reference to the value `key` keeps, starting from `value` rather than the key's default.
  public init<Key: SharedKey<Value>>(
    wrappedValue value: @autoclosure () -> Value, _ key: Key.Default
  ) {
    self.init(reference: Self.box(for: key, initial: value))
  }

  /// A reference to the value `key` keeps, which must be there: throws when storage holds none
  /// or cannot be read.
  public init(require key: some SharedKey<Value>) async throws {
    let box = try await Self.requiredBox(for: key)
    self.init(reference: box)
  }

  static func box<Key: SharedKey>(for key: Key, initial: () -> Value) -> SharedBox<Value>
  where Key.Value == Value {
    SharedRegistry.box(for: key, persistence: SharedPersistence(key: key), initial: initial)
  }

  static func requiredBox<Key: SharedKey>(for key: Key) async throws -> SharedBox<Value>
  where Key.Value == Value {
    let loaded: UncheckedBox<Result<Value?, any Error>> = await withCheckedContinuation {
      continuation in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation { continuation.resume(returning: UncheckedBox($0)) })
    }
    guard let value = try loaded.value.get() else {
      throw SharedLoadError.noValue(String(describing: key))
    }
    return box(for: key, initial: { value })
  }
}

extension SharedReader {
  /// A read-only reference to the value `key` keeps; `value` when storage holds none.
  public init(wrappedValue value: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    self.init(
      reference: SharedRegistry.box(
        for: key, persistence: SharedPersistence(reader: key), initial: value))
  }

  /// A read-only reference to the value a writable `key` keeps; `value` when storage holds none.
  @_disfavoredOverload
  public init(wrappedValue value: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(Shared(wrappedValue: value(), key))
  }

  /// A read-only reference to an optional value, `nil` when storage holds none.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A read-only reference to an optional value a writable key keeps.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A read-only reference starting from the key's default.
  public init<Key: SharedReaderKey<Value>>(_ key: Key.Default) {
    self.init(wrappedValue: key.initialValue, key)
  }

  /// A read-only reference to a writable key with a default.
  @_disfavoredOverload
  public init<Key: SharedKey<Value>>(_ key: Key.Default) {
    self.init(Shared(wrappedValue: key.initialValue, key))
  }

  /// A read-only reference starting from `value` rather than the key's default.
  public init<Key: SharedReaderKey<Value>>(
    wrappedValue value: @autoclosure () -> Value, _ key: Key.Default
  ) {
    self.init(
      reference: SharedRegistry.box(
        for: key, persistence: SharedPersistence(reader: key), initial: value))
  }

  /// A read-only reference to a writable key with a default, starting from `value`.
  @_disfavoredOverload
  public init<Key: SharedKey<Value>>(
    wrappedValue value: @autoclosure () -> Value, _ key: Key.Default
  ) {
    self.init(Shared(wrappedValue: value(), key))
  }
}

/// Why `Shared(require:)` could not make a reference.
public enum SharedLoadError: Error, CustomStringConvertible {
  /// The key's storage holds no value.
  case noValue(String)

  /// What went wrong.
  public var description: String {
    switch self {
    case .noValue(let key): "\(key) holds no value"
    }
  }
}
