// StoreHistory: every action a store processed, with the state it left, in a bounded ring.

import Composable
import Foundation
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
///
/// It is the root store's ``StoreChangeRecorder``, called on every action from the root's
/// unspecialized code, so its recording path names no type built from `State`: each such type
/// (a generic entry, an array of them, a tuple) is a run-time metadata lookup of ~330
/// instructions per action. An entry's fields are a plain struct in a `ContiguousArray`; the
/// states sit beside them, at the same positions, in a buffer of `State` it manages itself, so
/// that a state is copied in once and moved out, never boxed (docs/performance.md, section 12).
final class StoreHistory<State>: StoreChangeRecorder, @unchecked Sendable {
  /// How many entries are kept; older ones are dropped, the oldest first.
  let capacity: Int
  /// The store's virtual clock, or `nil` on the live clock.
  private let clock: TestClock<Duration>?
  /// When the store was launched: the live clock's zero.
  private let launchedAt: ContinuousClock.Instant
  private let lock = Lock()
  /// The entries, a ring once full: `ring[head]` is the oldest.
  @exclusivity(unchecked) private var ring: ContiguousArray<HistoryEntry> = []
  /// The state after each entry, at the entry's position in `ring`: `ring.count` of them are
  /// initialized, in a buffer of `allocated`.
  @exclusivity(unchecked) private var states: UnsafeMutablePointer<State>
  @exclusivity(unchecked) private var allocated: Int
  @exclusivity(unchecked) private var head = 0
  /// The sequence number of the oldest entry kept.
  @exclusivity(unchecked) private var firstSequence = 1
  /// The state before the oldest entry kept, its version, and its clock offset in nanoseconds.
  @exclusivity(unchecked) private var baseState: State
  @exclusivity(unchecked) private var baseVersion: UInt64
  @exclusivity(unchecked) private var baseOffset: Int64 = 0

  /// Makes an empty history that starts from `state` at `version`, its times read from `clock`
  /// (the live clock from `launchedAt` without one).
  init(
    capacity: Int, state: State, version: UInt64, clock: TestClock<Duration>?,
    launchedAt: ContinuousClock.Instant
  ) {
    self.capacity = max(0, capacity)
    self.clock = clock
    self.launchedAt = launchedAt
    self.baseState = state
    self.baseVersion = version
    // Grown as entries come, as an array grows: a history that keeps 100,000 entries of a
    // script that sends three costs three.
    self.allocated = min(self.capacity, 64)
    self.states = .allocate(capacity: allocated)
    ring.reserveCapacity(allocated)
  }

  deinit {
    states.deinitialize(count: ring.count)
    states.deallocate()
  }

  /// Nanoseconds on the store's clock since launch (plus ``restoredDuration``).
  var clockOffset: Int64 {
    if let clock { return clock.offsetNanoseconds + restoredDuration }
    return launchedAt.duration(to: .now).nanoseconds + restoredDuration
  }

  /// How long the run a restored history recorded lasted, in nanoseconds.
  ///
  /// The store's clock goes on from there, so its later entries follow the restored ones. Set
  /// once, before the store is shared.
  @exclusivity(unchecked) var restoredDuration: Int64 = 0

  /// Records what the store just processed, with the time and the sending client: the root
  /// store's call, on the thread that processed it.
  func record(
    action: Any, state: UnsafeRawPointer, version: UInt64, changed: Bool,
    origin: StoreChangeOrigin
  ) {
    guard capacity > 0 else { return }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var wall = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    var offset = clockOffset
    var client = HistorySender.raw
    var action = action
    var origin = origin
    // An entry restored from an exported history keeps what it recorded.
    if origin == .replacement, let restored = action as? HistoryImport {
      (action, origin) = (restored.action, restored.origin)
      (wall, offset, client) = (restored.wall, restored.offset, restored.client)
    }
    let state = state.assumingMemoryBound(to: State.self)
    lock.withLock {
      // Made where it is stored, so that it is moved in, not copied: it holds an existential.
      let entry = HistoryEntry(
        version: version, wall: wall, offset: offset, client: client, origin: origin,
        stateChanged: changed, action: action)
      if ring.count < capacity {
        if ring.count == allocated { grow() }
        (states + ring.count).initialize(to: state.pointee)
        ring.append(entry)
      } else {
        baseVersion = ring[head].version
        baseOffset = ring[head].offset
        baseState = (states + head).move()
        (states + head).initialize(to: state.pointee)
        ring[head] = entry
        head += 1
        if head == capacity { head = 0 }
        firstSequence += 1
      }
    }
  }

  /// Doubles the states' buffer, up to `capacity`.
  ///
  /// Call under `lock`, before the ring wraps.
  private func grow() {
    let larger = min(capacity, max(1, allocated * 2))
    let moved = UnsafeMutablePointer<State>.allocate(capacity: larger)
    moved.moveInitialize(from: states, count: ring.count)
    states.deallocate()
    states = moved
    allocated = larger
    ring.reserveCapacity(larger)
  }

  /// How many entries are kept.
  var count: Int { lock.withLock { ring.count } }

  /// The position in `ring` and `states` of entry `index`, 0 being the oldest kept.
  private func slot(_ index: Int) -> Int { (head + index) % ring.count }

  /// The entry at position `index`, 0 being the oldest kept.
  ///
  /// Call under `lock`.
  private func entry(_ index: Int) -> HistoryEntry { ring[slot(index)] }

  /// The state after the entry at position `index`.
  ///
  /// Call under `lock`.
  private func state(_ index: Int) -> State { states[slot(index)] }

  /// The state the store had at `version`, or `nil` when the history no longer holds it (or
  /// never did).
  func state(at version: UInt64) -> State? {
    lock.withLock {
      if version == baseVersion { return baseState }
      // The last entry whose version is at most `version`: versions never go down.
      var low = 0
      var high = ring.count
      while low < high {
        let middle = (low + high) / 2
        if entry(middle).version <= version { low = middle + 1 } else { high = middle }
      }
      guard low > 0, entry(low - 1).version == version else { return nil }
      return state(low - 1)
    }
  }

  /// The versions a jump can go to: from the oldest kept to the newest.
  var versions: ClosedRange<UInt64> {
    lock.withLock { baseVersion...(ring.isEmpty ? baseVersion : entry(ring.count - 1).version) }
  }

  /// The entries after version `since` (or sequence number `after`), encoded.
  ///
  /// The first `limit` of them; with neither `since` nor `after`, the last `limit`. Encoded with
  /// `encodeState` and `encodeAction`.
  func slice(
    since: UInt64?, after: Int?, limit: Int?, version: UInt64,
    encodeState: (State) throws(NavError) -> DataValue, encodeAction: (Any) -> DataValue
  ) throws(NavError) -> HistorySlice {
    var picked: [(entry: HistoryEntry, state: State)] = []
    var before = baseState
    var firstSequence = 0
    var first: UInt64 = 0
    lock.withLock {
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
      before = start == 0 ? baseState : state(start - 1)
      picked = (start..<end).map { (entry($0), state($0)) }
      firstSequence = self.firstSequence + start
      first = baseVersion
    }
    var records: [HistoryRecord] = []
    records.reserveCapacity(picked.count)
    for (offset, (entry, state)) in picked.enumerated() {
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
          // `Optional.none`, not `nil`: the value model is nil-literal-expressible, and a bare
          // `nil` here became a `.null` state (a patch replacing the whole state with null).
          state: entry.stateChanged ? try encodeState(state) : Optional.none))
    }
    return HistorySlice(
      entries: records, before: try encodeState(before), first: first, last: version,
      capacity: capacity)
  }

  /// The state before the oldest entry kept, with its version and clock offset in nanoseconds:
  /// where an export starts.
  var start: (version: UInt64, state: State, offset: Int64) {
    lock.withLock { (baseVersion, baseState, baseOffset) }
  }

  /// Every entry kept, oldest first, without their states.
  var entries: [HistoryEntry] { numberedEntries.entries }

  /// Every entry kept, oldest first, and the sequence number of the first.
  var numberedEntries: (first: Int, entries: [HistoryEntry]) {
    lock.withLock { (firstSequence, (0..<ring.count).map(entry)) }
  }
}
