// ObservationStateRegistrar: the identity and Observation registrar `@ObservableState` stores.

import Observation

/// What `@ObservableState` stores in a state value: its identity, and the Observation registrar
/// that its property accessors report reads and changes to.
///
/// Copies of a value share the registrar, so a view (or test) observing `store.state.count`
/// hears a change made to the store's next copy. It compares equal, hashes and encodes as
/// nothing, so it never shows in a state's equality, hash or encoding.
public struct ObservationStateRegistrar: Sendable {
  /// The identity of the value holding this registrar.
  public private(set) var id = ObservableStateID()
  private let registrar = ObservationRegistrar()

  /// A registrar with a new identity.
  public init() {}

  /// Gives the value a new identity, before it changes.
  public mutating func _$willModify() { id._$willModify() }

  /// Reports a read of `keyPath` of `subject`.
  public func access<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    registrar.access(subject, keyPath: keyPath)
  }

  /// Sets `value` to `newValue`, reporting the change unless the two are the same observable
  /// value.
  public func mutate<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Value,
    _ newValue: Value, _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    if isIdentityEqual(value, newValue) {
      value = newValue
    } else {
      registrar.withMutation(of: subject, keyPath: keyPath) { value = newValue }
    }
  }

  /// Tells observers that `keyPath` of `subject` is about to change.
  public func willSet<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    registrar.willSet(subject, keyPath: keyPath)
  }

  /// Tells observers that `keyPath` of `subject` changed.
  public func didSet<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    registrar.didSet(subject, keyPath: keyPath)
  }

  /// Before `value` is changed in place: reports the coming change, and returns the old value
  /// for ``didModify(_:keyPath:_:_:_:)`` when it is observable state (nothing otherwise).
  public func willModify<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Value
  ) -> Value? {
    registrar.willSet(subject, keyPath: keyPath)
    return nil
  }

  /// After `value` was changed in place: reports the change.
  public func didModify<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Value,
    _ oldValue: Value?, _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    registrar.didSet(subject, keyPath: keyPath)
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
