// SharedReference: where a shared value lives — a root box with its lock, its persistence and
// its test snapshot — and the projections that reach into it by key path.

import Foundation
import Synchronization

/// Where one shared value is: its root box and the key paths from the root's value to it.
///
/// Two `Shared` values are the same reference when their places are equal, however they were
/// made (`$syncUp.title` twice gives two projections of one place).
struct SharedPlace: Hashable, @unchecked Sendable {
  let root: ObjectIdentifier
  let path: [AnyHashable]
}

/// What `Shared` and `SharedReader` hold: a root box, or a projection into one.
protocol SharedReference<Value>: AnyObject, Sendable {
  associatedtype Value
  /// The box that holds the whole value, its persistence and its snapshot.
  var root: SharedRoot { get }
  /// The identity of this reference: the root and the path into it.
  var place: SharedPlace { get }
  /// The value, as `mode` gives it: live, or a test store's expected or actual value.
  func read(_ mode: SharedTesting.Mode) -> Value
  /// Runs `body` on the value under the root's lock; in the `expected` mode it changes the test
  /// store's expected value instead, and neither saves nor tells anyone.
  func update<R>(_ mode: SharedTesting.Mode, _ body: (inout Value) throws -> R) rethrows -> R
}

/// The non-generic face of a root box: its lock, persistence state and snapshot.
class SharedRoot: @unchecked Sendable {
  /// Guards everything below and the subclass's value; recursive, so a `withLock` body may read.
  let lock = NSRecursiveLock()
  /// The error of the last load, or `nil`.
  var loadError: (any Error)?
  /// The error of the last save, or `nil`.
  var saveError: (any Error)?
  /// Whether a load is under way.
  var isLoading = false
  /// What the persistence is, for descriptions: `.fileStorage(…)`, or `nil` for `Shared(value:)`.
  var keyDescription: String? { nil }
  /// Whether two values of the value's type are equal; `false` when it is not `Equatable`.
  func valuesEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    func open<T: Equatable>(_ lhs: T) -> Bool { (rhs as? T) == lhs }
    return open(lhs)
  }
  /// Asks the persistence for a fresh value.
  func reload() async throws {}
  /// Asks the persistence to save the value now.
  func saveNow() async throws {}
  /// The value, type-erased, as `mode` gives it.
  func readAny(mode: SharedTesting.Mode) -> Any { fatalError("abstract") }
}

/// The box of one shared value: the value, the persistence that loads and saves it, and the
/// test store's snapshot.
final class SharedBox<Value>: SharedRoot, SharedReference, @unchecked Sendable {
  /// Guarded by the lock; unchecked for exclusivity, because a `withLock` body may read the
  /// same value through a projection (`$syncUps.withLock { $0.remove(id: state.syncUp.id) }`,
  /// where `syncUp` is projected from `syncUps`), which the lock, being recursive, allows.
  @exclusivity(unchecked) private var value: Value
  private let persistence: SharedPersistence<Value>?
  /// Records each save's outcome; made once, so a change allocates no completion.
  private let saved: SharedPersistence<Value>.Saved
  private var subscription: SharedSubscription?

  /// A box with no persistence: `Shared(value:)`.
  init(value: Value) {
    self.value = value
    self.persistence = nil
    self.saved = { _ in }
  }

  /// A box whose value `persistence` loads, `initial` until it does.
  init(initial: Value, persistence: SharedPersistence<Value>) {
    let outcome = SaveOutcome(description: persistence.description)
    self.value = initial
    self.persistence = persistence
    self.saved = { outcome.record($0) }
    super.init()
    outcome.root = self
  }

  var root: SharedRoot { self }
  var place: SharedPlace { SharedPlace(root: ObjectIdentifier(self), path: []) }
  override var keyDescription: String? { persistence?.description }

  func read(_ mode: SharedTesting.Mode) -> Value {
    if mode != .live, let sides = SharedTesting.sides {
      let recorded =
        mode == .expected ? sides.expected.value(of: self) : sides.actual.value(of: self)
      if let recorded = recorded as? Value { return recorded }
    }
    return lock.withLock { value }
  }

  override func readAny(mode: SharedTesting.Mode) -> Any { read(mode) }

  func update<R>(_ mode: SharedTesting.Mode, _ body: (inout Value) throws -> R) rethrows -> R {
    if mode == .expected, let sides = SharedTesting.sides {
      var expected = read(.expected)
      defer { sides.expected.set(expected, of: self) }
      return try body(&expected)
    }
    lock.lock()
    let result: R
    do {
      result = try body(&value)
    } catch {
      lock.unlock()
      throw error
    }
    let current = value
    lock.unlock()
    SharedMutations.count.add(1, ordering: .relaxed)
    if let persistence, persistence.savesChanges { persistence.save(current, .didSet, saved) }
    return result
  }

  // MARK: - Persistence

  /// Loads the first value and subscribes to later ones; called once, right after creation.
  func start(initial: Value) {
    guard let persistence else { return }
    lock.withLock { isLoading = true }
    persistence.load(.initialValue(initial)) { [weak self] result in
      self?.finishLoad(result)
    }
    let subscription = persistence.subscribe(.initialValue(initial)) { [weak self] result in
      self?.finishLoad(result, fromSubscription: true)
    }
    lock.withLock { self.subscription = subscription }
  }

  /// Takes a loaded value, or the error of a failed load.
  private func finishLoad(_ result: Result<Value?, any Error>, fromSubscription: Bool = false) {
    lock.lock()
    isLoading = false
    switch result {
    case .success(let loaded):
      loadError = nil
      guard let loaded else {
        lock.unlock()
        return
      }
      value = loaded
      lock.unlock()
    case .failure(let error):
      loadError = error
      lock.unlock()
      if !fromSubscription {
        RuntimeWarning.report(
          "Could not load \(persistence?.description ?? "a shared value"): \(error)")
      }
    }
  }

  override func reload() async throws {
    guard let persistence else { return }
    let current = read(.live)
    lock.withLock { isLoading = true }
    let result: UncheckedBox<Result<Value?, any Error>> = await withCheckedContinuation {
      continuation in
      persistence.load(.userInitiated) { continuation.resume(returning: UncheckedBox($0)) }
    }
    try finishReload(result.value, keeping: current)
  }

  /// Takes a value loaded on request, or throws its error.
  private func finishReload(_ result: Result<Value?, any Error>, keeping current: Value) throws {
    lock.lock()
    isLoading = false
    switch result {
    case .success(let loaded):
      loadError = nil
      value = loaded ?? current
      lock.unlock()
    case .failure(let error):
      loadError = error
      lock.unlock()
      throw error
    }
  }

  override func saveNow() async throws {
    guard let persistence, persistence.canSave else { return }
    let current = read(.live)
    let error: (any Error)? = await withCheckedContinuation { continuation in
      persistence.save(current, .userInitiated) { continuation.resume(returning: $0) }
    }
    lock.withLock { saveError = error }
    if let error { throw error }
  }

  deinit { subscription?.cancel() }
}

/// Where a box's saves report: the save error it keeps, and the issue a failed save raises.
final class SaveOutcome: @unchecked Sendable {
  weak var root: SharedRoot?
  let description: String
  init(description: String) { self.description = description }

  func record(_ error: (any Error)?) {
    guard let root else { return }
    root.lock.withLock { root.saveError = error }
    if let error { RuntimeWarning.report("Could not save \(description): \(error)") }
  }
}

/// A reference to a part of another reference's value, reached by a key path.
final class SharedProjection<Base: SharedReference, Value>: SharedReference, @unchecked Sendable {
  let base: Base
  private let keyPath: KeyPath<Base.Value, Value>
  let place: SharedPlace

  init(base: Base, keyPath: KeyPath<Base.Value, Value>) {
    self.base = base
    self.keyPath = keyPath
    self.place = SharedPlace(
      root: base.place.root, path: base.place.path + [AnyHashable(keyPath as AnyKeyPath)])
  }

  var root: SharedRoot { base.root }

  func read(_ mode: SharedTesting.Mode) -> Value { base.read(mode)[keyPath: keyPath] }

  func update<R>(_ mode: SharedTesting.Mode, _ body: (inout Value) throws -> R) rethrows -> R {
    guard let writable = keyPath as? WritableKeyPath<Base.Value, Value> else {
      preconditionFailure("a read-only shared projection cannot be written")
    }
    return try base.update(mode) { try body(&$0[keyPath: writable]) }
  }
}

/// A reference to the value inside an optional shared value, keeping the last value it saw so
/// that reading it after the optional became `nil` (a row being removed) does not trap.
final class SharedUnwrapping<Base: SharedReference, Value>: SharedReference, @unchecked Sendable
where Base.Value == Value? {
  let base: Base
  /// The last value seen; guarded by the root's lock.
  private var last: Value
  let place: SharedPlace

  init?(base: Base) {
    guard let initial = base.read(.live) else { return nil }
    self.base = base
    self.last = initial
    self.place = SharedPlace(root: base.place.root, path: base.place.path + [AnyHashable("!")])
  }

  var root: SharedRoot { base.root }

  func read(_ mode: SharedTesting.Mode) -> Value {
    root.lock.withLock {
      if let current = base.read(mode) {
        last = current
        return current
      }
      return last
    }
  }

  func update<R>(_ mode: SharedTesting.Mode, _ body: (inout Value) throws -> R) rethrows -> R {
    try base.update(mode) { optional in
      var current = optional ?? last
      defer {
        if optional != nil { optional = current }
        last = current
      }
      return try body(&current)
    }
  }
}

/// Whether two references' values are equal, as `Shared` and `SharedReader` compare: in a test
/// store's check, the left (expected) side against the right (actual) side; otherwise the same
/// place is equal without reading it.
func sharedReferencesEqual<Value: Equatable>(
  _ lhs: any SharedReference<Value>, _ rhs: any SharedReference<Value>
) -> Bool {
  if SharedTesting.isComparing { return lhs.read(.expected) == rhs.read(.actual) }
  if lhs === rhs || lhs.place == rhs.place { return true }
  let mode = SharedTesting.currentMode
  return lhs.read(mode) == rhs.read(mode)
}

/// `Shared<Int>(.inMemory("count"))`, or the value for a reference with no key.
func describeShared<Value>(_ kind: String, _ reference: any SharedReference<Value>) -> String {
  let key =
    reference.root.keyDescription ?? "value: \(reference.read(SharedTesting.currentMode))"
  return "\(kind)<\(Value.self)>(\(key))"
}

/// How many changes shared values have had, in the whole process: a store whose reducer changed
/// only shared state (which compares equal to itself: it is a reference) still counts the
/// action as a change, for its version, history and observers.
package enum SharedMutations {
  package static let count = Atomic<UInt64>(0)
}

/// A value moved across a lock's boundary as the lock's owner vouches for it.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
