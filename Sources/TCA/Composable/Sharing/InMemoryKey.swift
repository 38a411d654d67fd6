// InMemoryKey: shared state kept in memory for as long as the process runs — `.inMemory("name")`.

import Foundation
import NavSync

extension SharedReaderKey {
  /// A value kept in memory under `key`, shared by everything in the process (in a test, by
  /// everything in the test).
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// A key for a value kept in memory by name, in the ``InMemoryStorage`` in force.
///
/// The storage keeps the reference's box itself, so the value outlives every `@Shared` that
/// declares it, and a change costs only the lock (nothing is copied into the storage).
public struct InMemoryKey<Value: Sendable>: SharedKey, SharedKeyOwningBoxes {
  private let key: String
  private let storage: InMemoryStorage

  init(_ key: String) {
    self.key = key
    self.storage = DependencyValues.current.defaultInMemoryStorage
  }

  /// The name and the storage: the same name in two storages is two values.
  public var id: InMemoryKeyID { InMemoryKeyID(key: key, storage: storage) }

  /// The initial value: a live box for the key is found before a load is asked for.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resumeReturningInitialValue()
  }

  func adopt(_ root: SharedRoot) { storage.keep(root, for: key, of: Value.self) }

  /// Nothing outside the process changes memory.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  /// Nothing to store: the storage keeps the box that holds the value.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume()
  }
}

extension InMemoryKey: CustomStringConvertible {
  /// `.inMemory("count")`.
  public var description: String { ".inMemory(\(key.debugDescription))" }
}

/// The identity of an in-memory key.
public struct InMemoryKeyID: Hashable, Sendable {
  let key: String
  let storage: InMemoryStorage
}

/// Where in-memory shared values live: one for the process, a fresh one for each test.
public struct InMemoryStorage: Hashable, Sendable {
  private struct Slot: Hashable {
    let key: String
    let type: ObjectIdentifier
  }
  private final class Values: @unchecked Sendable {
    let boxes = Protected<[Slot: SharedRoot]>([:])
  }
  private let values = Values()

  /// An empty storage.
  public init() {}

  /// Keeps `root`, the box of `key`'s value of type `Value`, for as long as the storage lives.
  func keep<Value>(_ root: SharedRoot, for key: String, of _: Value.Type) {
    values.boxes.withLock { $0[Slot(key: key, type: ObjectIdentifier(Value.self))] = root }
  }

  /// Whether two storages are the same one.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.values === rhs.values }

  /// Hashes the storage's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(values)) }
}

private enum DefaultInMemoryStorageKey: DependencyKey {
  static let process = InMemoryStorage()
  // In a test process every store, test store or not, uses the running test's storage, as
  // swift-dependencies resolves every dependency in the test context there.
  static var liveValue: InMemoryStorage { _isTestProcess ? testValue : process }
  static var testValue: InMemoryStorage { TestStorages.current.inMemory }
  static var previewValue: InMemoryStorage { process }
}

extension DependencyValues {
  /// Where `.inMemory` keys keep their values: one storage for the process, one for each test.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[DefaultInMemoryStorageKey.self] }
    set { self[DefaultInMemoryStorageKey.self] = newValue }
  }
}
