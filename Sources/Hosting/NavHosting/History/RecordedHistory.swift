// RecordedHistory: every entry of an exported history with the state it left, to restore a
// session exactly (an import) and to find where a replay left the recorded run.

import Composable
import NavValue

/// The entries of a history as an export recorded them: each action (the effects' too) or jump,
/// its time and sender, and the state it left.
///
/// Versions count from the document's initial state (version 0), as the replay document's do.
/// With it, a session is restored as it was (``LaunchOptions/restoring``) without running a
/// reducer, so a feature that is not deterministic (one that calls `UUID()`) comes back with the
/// same ids; and a replay that does not end where the recording did names the first version
/// where it parted from it.
public struct RecordedHistory: Sendable, Equatable {
  /// One entry.
  public struct Entry: Sendable, Equatable {
    /// The version after the entry, counted from the initial state.
    public var version: UInt64
    /// Where the action came from.
    public var origin: HistoryRecord.Origin
    /// The action, in the value model; `.null` for a jump.
    public var action: DataValue
    /// For a jump, the version (counted from the initial state) it went back to.
    public var jump: UInt64?
    /// Seconds from the recording's start, on its clock.
    public var at: Double
    /// Seconds since 1970.
    public var wall: Double
    /// The client that sent it, when one did.
    public var client: Int?
    /// The state after the entry, when it changed the state.
    public var state: DataValue?

    /// Makes an entry.
    public init(
      version: UInt64, origin: HistoryRecord.Origin, action: DataValue, jump: UInt64? = nil,
      at: Double, wall: Double, client: Int? = nil, state: DataValue?
    ) {
      self.version = version
      self.origin = origin
      self.action = action
      self.jump = jump
      self.at = at
      self.wall = wall
      self.client = client
      self.state = state
    }
  }

  /// The entries, oldest first.
  public var entries: [Entry]
  /// How long the recorded run lasted, in seconds on its clock: a restored store's clock goes
  /// on from there.
  public var duration: Double

  /// Makes a history of `entries` that lasted `duration` seconds.
  public init(entries: [Entry], duration: Double) {
    self.entries = entries
    self.duration = duration
  }

  /// The state at each version the entries reach, from `initial` at version 0.
  func states(from initial: DataValue) -> [UInt64: DataValue] {
    var states: [UInt64: DataValue] = [0: initial]
    var current = initial
    for entry in entries {
      if let state = entry.state { current = state }
      states[entry.version] = current
    }
    return states
  }

  /// Where `replayed` (a replay of the same document, from the same initial state) first left
  /// this recording: the lowest version whose states differ, the entry that made it, and both
  /// states; `nil` when every version both reach reads the same.
  public func firstDivergence(from replayed: RecordedHistory, initial: DataValue)
    -> (version: UInt64, entry: Entry?, recorded: DataValue, replayed: DataValue)?
  {
    let mine = states(from: initial)
    let theirs = replayed.states(from: initial)
    for version in mine.keys.sorted() {
      guard let other = theirs[version], let recorded = mine[version] else { continue }
      if other != recorded {
        return (version, entries.first { $0.version == version }, recorded, other)
      }
    }
    return nil
  }
}

/// What a store's history records, in place of a replacement's marker, for an entry restored
/// from a ``RecordedHistory``: the entry's own action, origin, time and sender.
struct HistoryImport {
  /// The root's action, or a ``HistoryJump``.
  var action: Any
  var origin: StoreChangeOrigin
  /// Nanoseconds on the store's clock.
  var offset: Int64
  var wall: Double
  /// The client's id plus one; 0 for none.
  var client: Int32
}
