// ObservationStateRegistrar: the identity and Observation registrar `@ObservableState` stores.

import Observation

/// What `@ObservableState` stores in a state value: its identity, and the Observation registrar
/// that its property accessors report reads and changes to.
///
/// Copies of a value share the registrar, so a view (or test) observing `store.state.count`
/// hears a change made to the store's next copy. It compares equal, hashes and encodes as
/// nothing, so it never shows in a state's equality, hash or encoding.
///
/// The `ObservationRegistrar` itself is created at the first access made inside a tracking
/// scope (``ObservationProbe``). Until then nothing can observe the value, so changes report
/// nothing: that is what keeps a mutation close to a plain struct's, where TCA pays the
/// registrar's `willSet` and `didSet` (a lock and a lookup each) on every change.
public struct ObservationStateRegistrar: Sendable {
  /// The identity of the value holding this registrar.
  public private(set) var id = ObservableStateID()
  @usableFromInline let storage = RegistrarStorage()

  /// A registrar with a new identity.
  public init() { _ = ObservationProbe.isEnabled }

  /// Gives the value a new identity, before it changes.
  public mutating func _$willModify() { id._$willModify() }

  /// Whether anything could be observing the value: whether a tracking scope has read it.
  ///
  /// The accessors `@ObservableState` generates change the storage directly while it is
  /// `false`.
  @inlinable
  public var _$isObserved: Bool { storage.isObserved }

  /// Reports a read of `keyPath` of `subject`.
  public func access<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    guard ObservationProbe.isTracking else { return }
    storage.registrarForTracking().access(subject, keyPath: keyPath)
  }

  /// Sets `value` to `newValue`, reporting the change unless the two are the same observable
  /// value.
  @inlinable
  public func mutate<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Value,
    _ newValue: Value, _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    guard storage.isObserved, !isIdentityEqual(value, newValue) else {
      value = newValue
      return
    }
    storage.withMutation(of: subject, keyPath: keyPath) { value = newValue }
  }

  /// Tells observers that `keyPath` of `subject` is about to change.
  @inlinable
  public func willSet<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    if storage.isObserved { storage.willSet(subject, keyPath: keyPath) }
  }

  /// Tells observers that `keyPath` of the value at `subject` is about to change, reading it
  /// out of line.
  @inlinable
  public func willSet<Subject: Observable, Member>(
    at subject: UnsafePointer<Subject>, keyPath: KeyPath<Subject, Member>
  ) {
    if storage.isObserved { storage.willSet(at: subject, keyPath: keyPath) }
  }

  /// Tells observers that `keyPath` of the value at `subject` changed, reading it out of line.
  @inlinable
  public func didSet<Subject: Observable, Member>(
    at subject: UnsafePointer<Subject>, keyPath: KeyPath<Subject, Member>
  ) {
    if storage.isObserved { storage.didSet(at: subject, keyPath: keyPath) }
  }

  /// Tells observers that `keyPath` of `subject` changed.
  @inlinable
  public func didSet<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    if storage.isObserved { storage.didSet(subject, keyPath: keyPath) }
  }

  /// Before `value` is changed in place: reports the coming change, and returns the old value
  /// for ``didModify(_:keyPath:_:_:_:)`` when it is observable state (nothing otherwise).
  @inlinable
  public func willModify<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Value
  ) -> Value? {
    willSet(subject, keyPath: keyPath)
    return nil
  }

  /// After `value` was changed in place: reports the change.
  @inlinable
  public func didModify<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Value,
    _ oldValue: Value?, _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    didSet(subject, keyPath: keyPath)
  }
}

extension ObservationStateRegistrar: Equatable {
  /// Always equal: the registrar is not part of the state.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }
}

extension ObservationStateRegistrar: Hashable {
  /// Hashes nothing: the registrar is not part of the state.
  public func hash(into hasher: inout Hasher) {}
}

extension ObservationStateRegistrar: Codable {
  /// A new registrar: none is decoded.
  public init(from decoder: any Decoder) throws { self.init() }

  /// Encodes nothing.
  public func encode(to encoder: any Encoder) throws {}
}
