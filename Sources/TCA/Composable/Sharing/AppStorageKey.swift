// AppStorageKey: shared state kept in user defaults — `.appStorage("name")` — which on Linux
// Foundation keeps in a property list under ~/.config.

import Foundation

extension SharedReaderKey {
  /// A value kept in user defaults under `key`: a `Bool`, `Int`, `Double`, `String`, `URL`,
  /// `Data` or `Date`, or an optional of one.
  public static func appStorage<Value: AppStorageValue>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, read: Value.read, write: { $1.write(to: $0, key: key) })
  }

  /// An enum or other raw-representable value kept in user defaults as its `Int` raw value.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value>, Value.RawValue == Int {
    AppStorageKey(
      key, store: store, read: { Int.read(from: $0, key: $1).flatMap(Value.init(rawValue:)) },
      write: { $1.rawValue.write(to: $0, key: key) })
  }

  /// An enum or other raw-representable value kept in user defaults as its `String` raw value.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value>, Value.RawValue == String {
    AppStorageKey(
      key, store: store, read: { String.read(from: $0, key: $1).flatMap(Value.init(rawValue:)) },
      write: { $1.rawValue.write(to: $0, key: key) })
  }
}

/// A key for a value kept in user defaults: ``DependencyValues/defaultAppStorage`` (the
/// process's defaults; a fresh, unsaved suite in each test) unless a store is given.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  private let key: String
  private let store: UncheckedDefaults
  private let read: @Sendable (UserDefaults, String) -> Value?
  private let write: @Sendable (UserDefaults, Value) -> Void

  init(
    _ key: String, store: UserDefaults?,
    read: @escaping @Sendable (UserDefaults, String) -> Value?,
    write: @escaping @Sendable (UserDefaults, Value) -> Void
  ) {
    self.key = key
    self.store = UncheckedDefaults(store ?? DependencyValues.current.defaultAppStorage)
    self.read = read
    self.write = write
  }

  /// The name and the defaults it lives in.
  public var id: AppStorageKeyID {
    AppStorageKeyID(key: key, store: ObjectIdentifier(store.defaults))
  }

  /// The stored value; none stored means the initial value, which is then stored.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    if let value = read(store.defaults, key) {
      continuation.resume(returning: value)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  /// Changes by other processes are read on `$value.load()`.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  /// Stores the value.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    write(store.defaults, value)
    continuation.resume()
  }
}

extension AppStorageKey: CustomStringConvertible {
  /// `.appStorage("isOn")`.
  public var description: String { ".appStorage(\(key.debugDescription))" }
}

/// The identity of an app storage key.
public struct AppStorageKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}

/// `UserDefaults`, which Foundation documents as safe to use from any thread.
struct UncheckedDefaults: @unchecked Sendable {
  let defaults: UserDefaults
  init(_ defaults: UserDefaults) { self.defaults = defaults }
}

/// A type user defaults keep as it is.
public protocol AppStorageValue: Sendable {
  /// The value stored under `key`, or `nil`.
  static func read(from defaults: UserDefaults, key: String) -> Self?
  /// Stores the value under `key` (`nil` removes it).
  func write(to defaults: UserDefaults, key: String)
}

extension Bool: AppStorageValue {
  /// The stored value, or `nil`.
  public static func read(from defaults: UserDefaults, key: String) -> Bool? {
    defaults.object(forKey: key) == nil ? nil : defaults.bool(forKey: key)
  }
  /// Stores the value.
  public func write(to defaults: UserDefaults, key: String) { defaults.set(self, forKey: key) }
}

extension Int: AppStorageValue {
  /// The stored value, or `nil`.
  public static func read(from defaults: UserDefaults, key: String) -> Int? {
    defaults.object(forKey: key) == nil ? nil : defaults.integer(forKey: key)
  }
  /// Stores the value.
  public func write(to defaults: UserDefaults, key: String) { defaults.set(self, forKey: key) }
}

extension Double: AppStorageValue {
  /// The stored value, or `nil`.
  public static func read(from defaults: UserDefaults, key: String) -> Double? {
    defaults.object(forKey: key) == nil ? nil : defaults.double(forKey: key)
  }
  /// Stores the value.
  public func write(to defaults: UserDefaults, key: String) { defaults.set(self, forKey: key) }
}

extension String: AppStorageValue {
  /// The stored value, or `nil`.
  public static func read(from defaults: UserDefaults, key: String) -> String? {
    defaults.string(forKey: key)
  }
  /// Stores the value.
  public func write(to defaults: UserDefaults, key: String) { defaults.set(self, forKey: key) }
}

extension URL: AppStorageValue {
  /// The stored value, or `nil`.
  public static func read(from defaults: UserDefaults, key: String) -> URL? {
    defaults.url(forKey: key)
  }
  /// Stores the value.
  public func write(to defaults: UserDefaults, key: String) { defaults.set(self, forKey: key) }
}

extension Data: AppStorageValue {
  /// The stored value, or `nil`.
  public static func read(from defaults: UserDefaults, key: String) -> Data? {
    defaults.data(forKey: key)
  }
  /// Stores the value.
  public func write(to defaults: UserDefaults, key: String) { defaults.set(self, forKey: key) }
}

extension Date: AppStorageValue {
  /// The stored value, or `nil`.
  public static func read(from defaults: UserDefaults, key: String) -> Date? {
    defaults.object(forKey: key) as? Date
  }
  /// Stores the value.
  public func write(to defaults: UserDefaults, key: String) { defaults.set(self, forKey: key) }
}

extension Optional: AppStorageValue where Wrapped: AppStorageValue {
  /// The stored value; `.some(nil)` is never returned, `nil` means none is stored.
  public static func read(from defaults: UserDefaults, key: String) -> Wrapped?? {
    Wrapped.read(from: defaults, key: key).map { .some($0) }
  }
  /// Stores the value, or removes it for `nil`.
  public func write(to defaults: UserDefaults, key: String) {
    if let self { self.write(to: defaults, key: key) } else { defaults.removeObject(forKey: key) }
  }
}

extension UserDefaults {
  /// A suite of its own that is never written to disk: what tests and previews use.
  public static var inMemory: UserDefaults {
    let name = "navd.in-memory.\(UUID().uuidString)"
    let defaults = UserDefaults(suiteName: name)!
    defaults.removePersistentDomain(forName: name)
    return defaults
  }
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: UncheckedDefaults {
    _isTestProcess ? testValue : UncheckedDefaults(.standard)
  }
  static var testValue: UncheckedDefaults {
    UncheckedDefaults(TestStorages.current.defaults.defaults)
  }
  static var previewValue: UncheckedDefaults { testValue }
}

extension DependencyValues {
  /// The user defaults `.appStorage` keys use: the process's own, or a fresh suite in each test.
  public var defaultAppStorage: UserDefaults {
    get { self[DefaultAppStorageKey.self].defaults }
    set { self[DefaultAppStorageKey.self] = UncheckedDefaults(newValue) }
  }
}
