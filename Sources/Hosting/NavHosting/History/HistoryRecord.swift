// HistoryRecord: one entry of a store's history, in the value model.

import NavValue

/// One entry of a store's history, as clients read it: an action (or a jump), when it came,
/// who sent it, and the state it left.
public struct HistoryRecord: Sendable {
  /// Where an entry's action came from.
  public enum Origin: String, Sendable {
    /// Sent to the store: by a client of the daemon, or by a script.
    case send
    /// Sent by one of the store's effects (a timer's tick, a response).
    case effect
    /// A jump back to an earlier version's state.
    case jump
  }

  /// The entry's number: it counts every entry the store ever recorded, from 1.
  public var sequence: Int
  /// The store's version after the entry (entries that changed nothing share one).
  public var version: UInt64
  /// The action, in the value model; `.null` for a jump.
  public var action: DataValue
  /// For a jump, the version whose state it restored.
  public var jump: UInt64?
  /// Where the action came from.
  public var origin: Origin
  /// The daemon client that sent it, when a client did.
  public var client: Int?
  /// When it was processed: seconds since 1970.
  public var wall: Double
  /// When it was processed on the store's clock: seconds since the store was launched (virtual
  /// seconds on the virtual clock).
  public var offset: Double
  /// The state after the entry, when it changed the state; `nil` otherwise.
  public var state: DataValue?

  /// The entry as a table: `{sequence, version, action, origin, time = {wall, offset}, client,
  /// jump}` (without the state).
  public var value: DataValue {
    var fields: [String: DataValue] = [
      "sequence": .integer(sequence), "version": .integer(Int(version)), "action": action,
      "origin": .string(origin.rawValue),
      "time": .object(["wall": .number(wall), "offset": .number(offset)]),
    ]
    if let jump { fields["jump"] = .integer(Int(jump)) }
    if let client { fields["client"] = .integer(client) }
    return .object(fields)
  }
}

/// A run of a store's history: some of its entries, with the state before the first of them.
public struct HistorySlice: Sendable {
  /// The entries, oldest first.
  public var entries: [HistoryRecord]
  /// The state before the first entry: what its patch is computed from.
  public var before: DataValue
  /// The oldest version the history still holds (the one a jump can go back to).
  public var first: UInt64
  /// The store's current version.
  public var last: UInt64
  /// How many entries the history keeps: `0` when it keeps none (`--history 0`).
  public var capacity: Int
}
