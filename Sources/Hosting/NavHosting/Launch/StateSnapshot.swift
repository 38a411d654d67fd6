// StateSnapshot: a copy of a launched store's state, kept to tell later whether the store is in
// that state again without encoding it.

/// A copy of a store's state, as ``ScriptedStore/snapshot()`` took it.
///
/// Opaque outside the store that took it: only ``ScriptedStore/isInState(_:)`` of a store of
/// the same feature reads it.
package class StateSnapshot {}

/// A snapshot of a state of type `State`.
final class TypedStateSnapshot<State>: StateSnapshot {
  /// The state as it was.
  let state: State

  init(_ state: State) { self.state = state }
}
