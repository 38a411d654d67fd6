// ThunkTable: what is known about context-free case constructors, for thin case paths.

import Synchronization

/// What is known about one constructor thunk of one enum.
///
/// A cell belongs to a constructor and an enum, not to a constructor alone: two enums'
/// constructors that compile to the same machine code can be folded into one thunk, and what is
/// learned about a case holds only for its own enum's layout.
@usableFromInline
struct ThunkCell: ~Copyable {
  /// `0` while unknown, else what was learned, packed as ``KnownCase``.
  @usableFromInline let info: Atomic<Int>
  /// The mask of the case's ``CaseBitTest``, when it has one; written before `info`.
  @usableFromInline let testMask: Atomic<UInt64>
  /// The pattern of the case's ``CaseBitTest``, when it has one; written before `info`.
  @usableFromInline let testPattern: Atomic<UInt64>
  /// Tags below 64 known to belong to other cases.
  @usableFromInline let misses: Atomic<UInt64>
  /// Whose cell this is: ``free``, ``claiming``, or ``owned``.
  let state: Atomic<Int>
  /// The constructor thunk the cell is for, set while claiming.
  let thunk: Atomic<UInt>
  /// The metadata of the enum the cell is for, set while claiming.
  let metadata: Atomic<UInt>

  /// Where ``info`` is in a cell: its first word (stored properties are laid out in order).
  @usableFromInline static let infoOffset = 0

  static let free = 0
  static let claiming = 1
  static let owned = 2

  init() {
    info = Atomic(0)
    testMask = Atomic(0)
    testPattern = Atomic(0)
    misses = Atomic(0)
    state = Atomic(Self.free)
    thunk = Atomic(0)
    metadata = Atomic(0)
  }

  func confirm(_ known: Int, test: CaseBitTest?) {
    if let test {
      testMask.store(test.mask, ordering: .relaxed)
      testPattern.store(test.pattern, ordering: .relaxed)
    }
    info.store(known, ordering: .releasing)
  }

  func miss(_ tag: UInt32) {
    guard tag < 64 else { return }
    misses.bitwiseOr(1 << UInt64(tag), ordering: .relaxed)
  }

  /// Whether the cell is owned by `thunk` of `metadata`; claims it for them when it is free.
  ///
  /// A cell another thread is claiming is waited for briefly and then passed over: a pair may
  /// then get a second cell, which only means it learns its case twice.
  func claim(thunk: UInt, metadata: UInt) -> Bool {
    var current = state.load(ordering: .acquiring)
    if current == Self.free {
      let (claimed, found) = state.compareExchange(
        expected: Self.free, desired: Self.claiming, ordering: .acquiring)
      if claimed {
        self.thunk.store(thunk, ordering: .relaxed)
        self.metadata.store(metadata, ordering: .relaxed)
        state.store(Self.owned, ordering: .releasing)
        return true
      }
      current = found
    }
    var spins = 0
    while current == Self.claiming, spins < 1_000 {
      spins += 1
      current = state.load(ordering: .acquiring)
    }
    return current == Self.owned && self.thunk.load(ordering: .relaxed) == thunk
      && self.metadata.load(ordering: .relaxed) == metadata
  }
}

/// A process-wide, lock-free table of what has been learned about enum case constructors that
/// compile to context-free thunks: the tag each one embeds into, and tags known to be other
/// cases, per constructor and enum.
///
/// A reducer body is re-evaluated on every action, building its `/Action.case` paths anew; with
/// this table a new path costs a hash and a probe instead of an allocation and a discovery.
/// Cells are claimed with a compare-and-swap and never freed; the table holds a few thousand
/// constructors, after which new ones fall back to per-path learning.
@usableFromInline
final class ThunkTable: @unchecked Sendable {
  @usableFromInline static let shared = ThunkTable(capacity: 4096)

  private let capacity: Int
  private let cells: UnsafeMutablePointer<ThunkCell>

  private init(capacity: Int) {
    precondition(capacity > 0 && capacity & (capacity - 1) == 0, "a power of two")
    self.capacity = capacity
    cells = .allocate(capacity: capacity)
    for index in 0..<capacity { (cells + index).initialize(to: ThunkCell()) }
    // The inline extraction reads a cell's info by offset: check that it is there.
    cells.pointee.info.store(0x5A5A, ordering: .relaxed)
    precondition(
      UnsafeRawPointer(cells).load(fromByteOffset: ThunkCell.infoOffset, as: Int.self) == 0x5A5A,
      "ThunkCell's layout is not the one the inline extraction reads")
    cells.pointee.info.store(0, ordering: .relaxed)
  }

  /// Returns the cell of `thunk` constructing a case of the enum `metadata`, claiming a free
  /// one the first time, or `nil` when the cells near their hash are all taken.
  @usableFromInline
  func cell(for thunk: UInt, metadata: UnsafeRawPointer) -> UnsafeMutablePointer<ThunkCell>? {
    let owner = UInt(bitPattern: metadata)
    let mixed = (thunk >> 4) &* 0x9E37_79B9_7F4A_7C15 ^ (owner >> 4) &* 0xC2B2_AE3D_27D4_EB4F
    // The product's top bits are its best mixed: take the index from them.
    var index = Int(truncatingIfNeeded: mixed >> UInt(64 - capacity.trailingZeroBitCount))
    for _ in 0..<32 {
      if cells[index].claim(thunk: thunk, metadata: owner) { return cells + index }
      index = (index + 1) & (capacity - 1)
    }
    return nil
  }
}

/// The extraction of a `/Enum.case` path whose constructor is a context-free thunk with a cell
/// in the ``ThunkTable``: two words, no allocation, no reference counting.
@usableFromInline
struct ThinEnumCase: @unchecked Sendable {
  @usableFromInline let metadata: EnumMetadata
  @usableFromInline let cell: UnsafeMutablePointer<ThunkCell>

  @usableFromInline
  init(metadata: EnumMetadata, cell: UnsafeMutablePointer<ThunkCell>) {
    self.metadata = metadata
    self.cell = cell
  }

  /// The cell's ``ThunkCell/info``, read with a plain load.
  ///
  /// Extraction's inline path reads the cell this way, not through `Atomic.load`: the optimizer
  /// counts an atomic operation, of any ordering, as a side effect, and so copies (retaining its
  /// payload) a root read from memory it cannot see into around every extraction, which costs
  /// more than the extraction. An aligned word is read whole by one load on every platform Swift
  /// runs on, the word is written once (from 0), and everything the inline path needs is in it:
  /// a load that sees 0, or a cell not yet filled in, goes out of line, where atomics decide.
  @inlinable @inline(__always)
  var knownByPlainLoad: Int {
    UnsafeRawPointer(cell).load(fromByteOffset: ThunkCell.infoOffset, as: Int.self)
  }

  @inlinable @inline(__always)
  func extract<Root, Value>(from root: Root, embed: (Value) -> Root) -> Value? {
    let known = cell.pointee.info.load(ordering: .acquiring)
    if known & KnownCase.tested != 0 {
      guard
        CaseBitTest.matches(
          root, offset: KnownCase.testOffset(known), widthCode: KnownCase.testWidthCode(known),
          mask: cell.pointee.testMask.load(ordering: .relaxed),
          pattern: cell.pointee.testPattern.load(ordering: .relaxed))
      else { return nil }
      return metadata.payload(of: root, tag: KnownCase.tag(known), layout: known, as: Value.self)
    }
    return extractByTag(from: root, known: known, embed: embed)
  }

  /// Extraction through the `getEnumTag` witness: for layouts without a ``CaseBitTest``, and
  /// until the case is known.
  @inlinable
  func extractByTag<Root, Value>(from root: Root, known: Int, embed: (Value) -> Root) -> Value? {
    let tag = metadata.tag(of: root)
    if known != 0 {
      guard tag == KnownCase.tag(known) else { return nil }
      return metadata.payload(of: root, tag: tag, layout: known, as: Value.self)
    }
    if tag < 64, cell.pointee.misses.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0 {
      return nil
    }
    return discover(root: root, tag: tag, embed: embed)
  }

  /// The cold path: learns whether `tag` is this constructor's case and records it.
  @usableFromInline @inline(never)
  func discover<Root, Value>(root: Root, tag: UInt32, embed: (Value) -> Root) -> Value? {
    switch CaseDiscovery.discover(root: root, tag: tag, metadata: metadata, embed: embed) {
    case .miss:
      cell.pointee.miss(tag)
      return nil
    case .hit(let value, let known, let test):
      if let known { cell.pointee.confirm(known, test: test) }
      return value
    }
  }
}
