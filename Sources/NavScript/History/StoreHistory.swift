// StoreHistory: every action a store processed, with the state it left, in a bounded ring.

import Composable
import Foundation
import LuaBridge
import NavSync
import NavValue

/// The history of one store: each processed action with its time, its sender, and the state it
/// left, oldest first, bounded to the last `capacity` entries.
///
/// States are kept as the store's own values, not encoded: Swift's collections share their
/// storage between copies until one is changed, so two neighbouring states share everything the
/// action between them did not touch, and an entry costs little more than its own fields.
/// Encoding (for `session.history`, an export) happens only when someone reads the entries.
/// A jump finds its state by binary search, so it costs the same at any depth.
final class StoreHistory<State>: @unchecked Sendable {
  /// One processed action.
  struct Entry {
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
    var state: State
  }

  /// How many entries are kept; older ones are dropped, the oldest first.
  let capacity: Int
  private let lock = Lock()
  /// The entries, a ring once full: `ring[head]` is the oldest.
  @exclusivity(unchecked) private var ring: ContiguousArray<Entry> = []
  @exclusivity(unchecked) private var head = 0
  /// The sequence number of the oldest entry kept.
  @exclusivity(unchecked) private var firstSequence = 1
  /// The state before the oldest entry kept, its version, and its clock offset in nanoseconds.
  @exclusivity(unchecked) private var base: (version: UInt64, state: State, offset: Int64)

  /// Makes an empty history that starts from `state` at `version`.
  init(capacity: Int, state: State, version: UInt64) {
    self.capacity = max(0, capacity)
    self.base = (version, state, 0)
    ring.reserveCapacity(min(self.capacity, 1024))
  }

  /// Records one change.
  func record(_ entry: Entry) {
    guard capacity > 0 else { return }
    lock.withLock {
      if ring.count < capacity {
        ring.append(entry)
      } else {
        let dropped = ring[head]
        base = (dropped.version, dropped.state, dropped.offset)
        ring[head] = entry
        head = (head + 1) % capacity
        firstSequence += 1
      }
    }
  }

  /// How many entries are kept.
  var count: Int { lock.withLock { ring.count } }

  /// The entry at position `index`, 0 being the oldest kept.
  ///
  /// Call under `lock`.
  private func entry(_ index: Int) -> Entry { ring[(head + index) % ring.count] }

  /// The state the store had at `version`, or `nil` when the history no longer holds it (or
  /// never did).
  func state(at version: UInt64) -> State? {
    lock.withLock {
      if version == base.version { return base.state }
      // The last entry whose version is at most `version`: versions never go down.
      var low = 0
      var high = ring.count
      while low < high {
        let middle = (low + high) / 2
        if entry(middle).version <= version { low = middle + 1 } else { high = middle }
      }
      guard low > 0 else { return nil }
      let found = entry(low - 1)
      return found.version == version ? found.state : nil
    }
  }

  /// The versions a jump can go to: from the oldest kept to the newest.
  var versions: ClosedRange<UInt64> {
    lock.withLock { base.version...(ring.isEmpty ? base.version : entry(ring.count - 1).version) }
  }

  /// The entries after version `since` (or sequence number `after`), encoded.
  ///
  /// The first `limit` of them; with neither `since` nor `after`, the last `limit`. Encoded with
  /// `encodeState` and `encodeAction`.
  func slice(
    since: UInt64?, after: Int?, limit: Int?, version: UInt64,
    encodeState: (State) throws(LuaError) -> DataValue, encodeAction: (Any) -> DataValue
  ) throws(LuaError) -> HistorySlice {
    let (picked, before, firstSequence, first) = lock.withLock {
      () -> ([Entry], State, Int, UInt64) in
      var start = 0
      if let after { start = max(0, after - self.firstSequence + 1) }
      if let since {
        while start < ring.count, entry(start).version <= since { start += 1 }
      }
      start = min(start, ring.count)
      var end = ring.count
      if let limit {
        if since == nil && after == nil {
          start = max(start, end - limit)
        } else {
          end = min(end, start + limit)
        }
      }
      let before = start == 0 ? base.state : entry(start - 1).state
      return (
        (start..<end).map(entry), before, self.firstSequence + start, base.version
      )
    }
    var records: [HistoryRecord] = []
    records.reserveCapacity(picked.count)
    for (offset, entry) in picked.enumerated() {
      let jump = entry.action as? HistoryJump
      let origin: HistoryRecord.Origin =
        switch entry.origin {
        case .send: .send
        case .effect: .effect
        case .replacement: .jump
        }
      records.append(
        HistoryRecord(
          sequence: firstSequence + offset, version: entry.version,
          action: jump == nil ? encodeAction(entry.action) : .null, jump: jump?.version,
          origin: origin, client: entry.client == 0 ? nil : Int(entry.client) - 1,
          wall: entry.wall, offset: Double(entry.offset) / 1e9,
          state: entry.stateChanged ? try encodeState(entry.state) : nil))
    }
    return HistorySlice(
      entries: records, before: try encodeState(before), first: first, last: version)
  }

  /// The state before the oldest entry kept, with its version and clock offset in nanoseconds:
  /// where an export starts.
  var start: (version: UInt64, state: State, offset: Int64) { lock.withLock { base } }

  /// Every entry kept, oldest first.
  var entries: [Entry] { lock.withLock { (0..<ring.count).map(entry) } }
}
