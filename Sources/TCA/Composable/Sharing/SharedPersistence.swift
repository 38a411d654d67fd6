// SharedPersistence: a key's load, subscribe and save, captured once for the box that uses them,
// and the registry that gives every reference to one key the same box.

import Foundation
import NavSync

/// A key's operations, typed by the value, for the box that keeps the value.
struct SharedPersistence<Value>: Sendable {
  typealias Completion = @Sendable (Result<Value?, any Error>) -> Void
  typealias Saved = @Sendable ((any Error)?) -> Void

  let description: String
  /// Whether the key saves at all (a reader key does not).
  let canSave: Bool
  /// Whether each change is saved; a key that keeps the box itself (`.inMemory`) has nothing to
  /// save, and its changes cost only the lock.
  let savesChanges: Bool
  /// Told of the box once it is made: a key whose storage keeps boxes alive keeps it.
  let adopt: @Sendable (SharedRoot) -> Void
  private let loadValue: @Sendable (LoadContext<Value>, @escaping Completion) -> Void
  private let subscribeValue:
    @Sendable (LoadContext<Value>, @escaping Completion) -> SharedSubscription
  private let saveValue: @Sendable (UncheckedBox<Value>, SaveContext, @escaping Saved) -> Void

  private init<Key: SharedReaderKey>(
    _ key: Key, canSave: Bool,
    save: @escaping @Sendable (UncheckedBox<Value>, SaveContext, @escaping Saved) -> Void
  ) where Key.Value == Value {
    let owner = key as? any SharedKeyOwningBoxes
    description = Self.describe(key)
    self.canSave = canSave
    savesChanges = canSave && owner == nil
    adopt = { root in owner?.adopt(root) }
    loadValue = { context, done in
      key.load(context: context, continuation: LoadContinuation(done))
    }
    subscribeValue = { context, done in
      key.subscribe(context: context, subscriber: SharedSubscriber(done))
    }
    saveValue = save
  }

  /// The operations of a key that only reads.
  init<Key: SharedReaderKey>(reader key: Key) where Key.Value == Value {
    self.init(key, canSave: false) { _, _, done in done(nil) }
  }

  /// The operations of a key that reads and saves.
  init<Key: SharedKey>(key: Key) where Key.Value == Value {
    self.init(key, canSave: true) { value, context, done in
      key.save(value.value, context: context, continuation: SaveContinuation(done))
    }
  }

  func load(_ context: LoadContext<Value>, _ done: @escaping Completion) {
    loadValue(context, done)
  }

  func subscribe(_ context: LoadContext<Value>, _ done: @escaping Completion)
    -> SharedSubscription
  {
    subscribeValue(context, done)
  }

  /// Saves a changed value, calling `done` with the outcome.
  func save(_ value: Value, _ context: SaveContext, _ done: @escaping Saved) {
    saveValue(UncheckedBox(value), context, done)
  }

  private static func describe(_ key: some SharedReaderKey) -> String {
    if let described = key as? any CustomStringConvertible { return described.description }
    return String(describing: type(of: key))
  }
}

/// A key whose storage keeps the boxes themselves (`.inMemory`): nothing is saved on change.
protocol SharedKeyOwningBoxes: Sendable {
  /// Keeps `root` for as long as the storage lives.
  func adopt(_ root: SharedRoot)
}

/// Every live box made from a key, by the key's id and the value's type: references made from
/// equal keys share one box while any of them lives.
enum SharedRegistry {
  private struct Entry: Hashable {
    let id: AnyHashable
    let valueType: ObjectIdentifier
  }

  private final class WeakRoot {
    weak var root: SharedRoot?
    init(_ root: SharedRoot) { self.root = root }
  }

  private static let lock = NSRecursiveLock()
  nonisolated(unsafe) private static var boxes: [Entry: WeakRoot] = [:]

  /// The box of `key`, made and started from `initial` when none lives.
  static func box<Key: SharedReaderKey>(
    for key: Key, persistence: @autoclosure () -> SharedPersistence<Key.Value>,
    initial: () -> Key.Value
  ) -> SharedBox<Key.Value> {
    let entry = Entry(id: AnyHashable(key.id), valueType: ObjectIdentifier(Key.Value.self))
    return lock.withLock {
      if let live = boxes[entry]?.root as? SharedBox<Key.Value> { return live }
      if boxes.count > 64, boxes.count.isMultiple(of: 64) {
        boxes = boxes.filter { $0.value.root != nil }
      }
      let value = initial()
      let persistence = persistence()
      let box = SharedBox(initial: value, persistence: persistence)
      boxes[entry] = WeakRoot(box)
      persistence.adopt(box)
      box.start(initial: value)
      return box
    }
  }
}
