// How soon a session's state reaches the disk after it changes.

/// When the daemon saves a session's state.
public enum Durability: String, Sendable, CaseIterable {
  /// After every change, before the request that made it is answered: an acknowledged action
  /// survives a crash.
  case always
  /// A bounded delay after a change (100 ms by default), one save for every change in it: a crash
  /// loses at most the changes of that delay.
  case batch
  /// Only when the daemon stops cleanly.
  case off
}
