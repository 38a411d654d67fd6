// SharedPersistence: a key's load, subscribe and save, captured once for the box that uses them,
// and the registry that gives every reference to one key the same box.

import Foundation
import NavSync

/// A key's operations, typed by the value, for the box that keeps the value.
struct SharedPersistence<Value>: Sendable {
  let description: String
  let canSave: Bool
  /// Whether errors a subscription reports are issues (a corrupt file written by someone else).
  let reportsSubscriptionErrors: Bool
  private let loadValue:
    @Sendable (LoadContext<Value>, @escaping @Sendable (Result<Value?, any Error>) -> Void) -> Void
  private let subscribeValue:
    @Sendable (LoadContext<Value>, @escaping @Sendable (Result<Value?, any Error>) -> Void) ->
      SharedSubscription
  private let saveValue:
    @Sendable (UncheckedBox<Value>, SaveContext, @escaping @Sendable ((any Error)?) -> Void) ->
      Void

  /// The operations of a key that only reads.
  init<Key: SharedReaderKey>(reader key: Key) where Key.Value == Value {
    description = Self.describe(key)
    canSave = false
    reportsSubscriptionErrors = key is any SharedKeyReportingSubscriptionErrors
    loadValue = { context, done in
      key.load(context: context, continuation: LoadContinuation(done))
    }
    subscribeValue = { context, done in
      key.subscribe(context: context, subscriber: SharedSubscriber(done))
    }
    saveValue = { _, _, done in done(nil) }
  }

  /// The operations of a key that reads and saves.
  init<Key: SharedKey>(key: Key) where Key.Value == Value {
    self.init(reader: key)
    let canSave = true
    self = SharedPersistence(
      copying: self, canSave: canSave,
      save: { value, context, done in
        key.save(value.value, context: context, continuation: SaveContinuation(done))
      })
  }

  private init(
    copying other: SharedPersistence<Value>, canSave: Bool,
    save:
      @escaping @Sendable (
        UncheckedBox<Value>, SaveContext, @escaping @Sendable ((any Error)?) -> Void
      ) -> Void
  ) {
    self.description = other.description
    self.canSave = canSave
    self.reportsSubscriptionErrors = other.reportsSubscriptionErrors
    self.loadValue = other.loadValue
    self.subscribeValue = other.subscribeValue
    self.saveValue = save
  }

  func load(
    _ context: LoadContext<Value>, _ done: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    loadValue(context, done)
  }

  func subscribe(
    _ context: LoadContext<Value>, _ done: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) -> SharedSubscription {
    subscribeValue(context, done)
  }

  /// Saves a changed value, recording the outcome in `box`.
  func save(_ value: Value, _ box: SharedBox<Value>) {
    guard canSave else { return }
    saveValue(UncheckedBox(value), .didSet) { [weak box] error in box?.finishSave(error) }
  }

  /// Saves on request, calling `done` with the outcome.
  func save(
    _ value: Value, _ context: SaveContext, _ done: @escaping @Sendable ((any Error)?) -> Void
  ) {
    saveValue(UncheckedBox(value), context, done)
  }

  private static func describe(_ key: some SharedReaderKey) -> String {
    if let described = key as? any CustomStringConvertible { return described.description }
    return String(describing: type(of: key))
  }
}

/// A key whose subscription errors are worth an issue, not only `loadError`.
protocol SharedKeyReportingSubscriptionErrors {}

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
      let box = SharedBox(initial: value, persistence: persistence())
      boxes[entry] = WeakRoot(box)
      box.start(initial: value)
      return box
    }
  }
}
