// HistoryJump: the action a history records for a jump back to an earlier version.

/// What a history records, in place of an action, for a jump: the version whose state was
/// restored.
struct HistoryJump: Sendable {
  /// The version whose state the jump restored.
  let version: UInt64
}
