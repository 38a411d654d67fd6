// ThunkTable: what is known about context-free case constructors, for thin case paths.

import Synchronization

/// A process-wide, lock-free table of what has been learned about enum case constructors that
/// compile to context-free thunks: the tag each one embeds into, and tags known to be other cases.
///
/// A reducer body is re-evaluated on every action, building its `/Action.case` paths anew; with
/// this table a new path costs a hash and a probe instead of an allocation and a discovery. Slots
/// are claimed with a compare-and-swap and never freed; the table holds a few thousand
/// constructors, after which new ones fall back to per-path learning.
/// What is known about one constructor thunk.
@usableFromInline
struct ThunkCell: ~Copyable {
  /// `0` while unknown, else what was learned, packed as ``KnownCase``.
  @usableFromInline let info: Atomic<Int>
  /// The mask of the case's ``CaseBitTest``, when it has one; written before `info`.
  @usableFromInline let testMask: Atomic<UInt64>
  /// The pattern of the case's ``CaseBitTest``, when it has one; written before `info`.
  @usableFromInline let testPattern: Atomic<UInt64>
  /// The metadata of the enum the test was learned for; written before `info`.
  ///
  /// Checked on every use: a bit test is only valid for its own enum's layout, and two
  /// constructors of different enums that compile to the same machine code could be folded into
  /// one thunk, and so one cell.
  @usableFromInline let testMetadata: Atomic<UInt>
  /// Tags below 64 known to belong to other cases.
  @usableFromInline let misses: Atomic<UInt64>

  init() {
    info = Atomic(0)
    testMask = Atomic(0)
    testPattern = Atomic(0)
    testMetadata = Atomic(0)
    misses = Atomic(0)
  }

  func confirm(_ known: Int, test: CaseBitTest?, metadata: EnumMetadata) {
    if let test {
      testMask.store(test.mask, ordering: .relaxed)
      testPattern.store(test.pattern, ordering: .relaxed)
      testMetadata.store(UInt(bitPattern: metadata.metadata), ordering: .relaxed)
    }
    info.store(known, ordering: .releasing)
  }

  func miss(_ tag: UInt32) {
    guard tag < 64 else { return }
    misses.bitwiseOr(1 << UInt64(tag), ordering: .relaxed)
  }
}

@usableFromInline
final class ThunkTable: @unchecked Sendable {
  @usableFromInline static let shared = ThunkTable(capacity: 4096)

  private let slots: KeySlots
  private let cells: UnsafeMutablePointer<ThunkCell>

  private init(capacity: Int) {
    slots = KeySlots(capacity: capacity)
    cells = .allocate(capacity: capacity)
    for index in 0..<capacity { (cells + index).initialize(to: ThunkCell()) }
  }

  /// Returns the cell of `thunk`, claiming a free slot the first time, or `nil` when the table
  /// is too full to take it.
  @usableFromInline
  func cell(for thunk: UInt) -> UnsafeMutablePointer<ThunkCell>? {
    slots.slot(for: thunk).map { cells + $0 }
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

  @inlinable @inline(__always)
  func extract<Root, Value>(from root: Root, embed: (Value) -> Root) -> Value? {
    let known = cell.pointee.info.load(ordering: .acquiring)
    if known & KnownCase.tested != 0,
      cell.pointee.testMetadata.load(ordering: .relaxed) == UInt(bitPattern: metadata.metadata)
    {
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
      if let known { cell.pointee.confirm(known, test: test, metadata: metadata) }
      return value
    }
  }
}
