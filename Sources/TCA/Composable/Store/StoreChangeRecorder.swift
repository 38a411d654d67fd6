// StoreChangeRecorder: a root store's one hook for a history, beside its generic observers.

/// Records each action a root store processes, with the state it left, through one call.
///
/// A store's observers each get a ``StoreChange`` of the store's own state type, which the
/// root's unspecialized code builds by looking up its metadata on every action, and the
/// observers' array and closure types with it (~1,000 instructions before an observer runs). A
/// history records every action of its store, so it gets the values as they are, through one
/// call. A root store has at most one recorder; it is called before the observers, so an observer
/// that reads the history finds the action it was told of.
package protocol StoreChangeRecorder: AnyObject {
  /// Records `action` (the root's action type, or the marker of a replaced state) and the state
  /// after it, at `version`.
  ///
  /// `state` points at the root's state (of the store's `State` type) for the length of the
  /// call: the recorder copies it, where an `Any` would box it on the heap first.
  func record(
    action: Any, state: UnsafeRawPointer, version: UInt64, changed: Bool,
    origin: StoreChangeOrigin)
}
