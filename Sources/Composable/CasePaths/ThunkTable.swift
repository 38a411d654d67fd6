import Synchronization

/// A process-wide, lock-free table of what has been learned about enum case constructors that
/// compile to context-free thunks: the tag each one embeds into, and tags known to be other cases.
///
/// A reducer body is re-evaluated on every action, building its `/Action.case` paths anew; with
/// this table a new path costs a hash and a probe instead of an allocation and a discovery. Slots
/// are claimed with a compare-and-swap and never freed; the table holds a few thousand
/// constructors, after which new ones fall back to per-path learning.
@usableFromInline
final class ThunkTable: @unchecked Sendable {
  @usableFromInline static let shared = ThunkTable(capacity: 4096)

  private let capacity: Int
  private let keys: UnsafeMutablePointer<Atomic<UInt>>
  /// `0` while unknown, else `(tag << 2 | direct << 1 | indirect) + 1`.
  @usableFromInline let infos: UnsafeMutablePointer<Atomic<Int>>
  /// Tags below 64 known to belong to other cases.
  @usableFromInline let misses: UnsafeMutablePointer<Atomic<UInt64>>

  private init(capacity: Int) {
    self.capacity = capacity
    keys = .allocate(capacity: capacity)
    infos = .allocate(capacity: capacity)
    misses = .allocate(capacity: capacity)
    for index in 0..<capacity {
      (keys + index).initialize(to: Atomic(0))
      (infos + index).initialize(to: Atomic(0))
      (misses + index).initialize(to: Atomic(0))
    }
  }

  /// Returns the slot of `thunk`, claiming a free one the first time, or `-1` when the table is
  /// too full to take it.
  @usableFromInline
  func slot(for thunk: UInt) -> Int {
    var index = Int(truncatingIfNeeded: (thunk >> 4) &* 0x9E37_79B9_7F4A_7C15) & (capacity - 1)
    for _ in 0..<32 {
      let key = keys[index].load(ordering: .acquiring)
      if key == thunk { return index }
      if key == 0 {
        let (exchanged, original) = keys[index].compareExchange(
          expected: 0, desired: thunk, ordering: .acquiringAndReleasing)
        if exchanged || original == thunk { return index }
      }
      index = (index + 1) & (capacity - 1)
    }
    return -1
  }

  func confirm(_ known: Int, slot: Int) {
    infos[slot].store(known + 1, ordering: .releasing)
  }

  func miss(_ tag: UInt32, slot: Int) {
    guard tag < 64 else { return }
    misses[slot].bitwiseOr(1 << UInt64(tag), ordering: .relaxed)
  }
}

/// The extraction of a `/Enum.case` path whose constructor is a context-free thunk with a slot
/// in the ``ThunkTable``: no allocation, no per-path state.
@usableFromInline
struct ThinEnumCase: @unchecked Sendable {
  @usableFromInline let metadata: EnumMetadata
  @usableFromInline let slot: Int
  /// The slot's cells, so an extraction reads them without going through the shared table.
  @usableFromInline let info: UnsafeMutablePointer<Atomic<Int>>
  @usableFromInline let misses: UnsafeMutablePointer<Atomic<UInt64>>

  @usableFromInline
  init(metadata: EnumMetadata, slot: Int) {
    self.metadata = metadata
    self.slot = slot
    self.info = ThunkTable.shared.infos + slot
    self.misses = ThunkTable.shared.misses + slot
  }

  @inlinable @inline(__always)
  func extract<Root, Value>(from root: Root, embed: (Value) -> Root) -> Value? {
    let tag = metadata.tag(of: root)
    let known = info.pointee.load(ordering: .acquiring) - 1
    if known >= 0 {
      guard Int(tag) == known >> 2 else { return nil }
      return metadata.payload(of: root, tag: tag, layout: known & 3, as: Value.self)
    }
    if tag < 64, misses.pointee.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0 {
      return nil
    }
    return discover(root: root, tag: tag, embed: embed)
  }

  /// The cold path: learns whether `tag` is this constructor's case and records it.
  @usableFromInline @inline(never)
  func discover<Root, Value>(root: Root, tag: UInt32, embed: (Value) -> Root) -> Value? {
    switch CaseDiscovery.discover(root: root, tag: tag, metadata: metadata, embed: embed) {
    case .miss:
      ThunkTable.shared.miss(tag, slot: slot)
      return nil
    case .hit(let value, let known):
      if let known { ThunkTable.shared.confirm(known, slot: slot) }
      return value
    }
  }
}
