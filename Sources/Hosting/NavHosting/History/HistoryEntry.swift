// HistoryEntry: one action a store's history kept, without the state it left.

import Composable

/// One processed action, as a ``StoreHistory`` keeps it beside the state it left.
///
/// Not nested in the generic history: a type nested in a generic class is generic too, and its
/// metadata (and its array's, and its optional's) would be looked up on every action.
struct HistoryEntry {
  var version: UInt64
  /// Seconds since 1970.
  var wall: Double
  /// Nanoseconds on the store's clock since launch.
  var offset: Int64
  /// The sending client's id plus one; 0 for none.
  var client: Int32
  var origin: StoreChangeOrigin
  var stateChanged: Bool
  /// The action (the root's action type), or a ``HistoryJump``.
  var action: Any
}
