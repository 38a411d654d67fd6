// EnumMetadata: a read-only view of the runtime's enum metadata, to extract without Mirror.

import Glibc

// A read-only view of the Swift runtime's enum metadata, used by case paths to test an enum's case
// and project its payload without `Mirror`.
//
// Why this exists: TCA 1.0–1.3 relies on swift-case-paths, whose `/Enum.case` extraction reads the
// enum's value witness table instead of reflecting with `Mirror` (which costs ~1000× a `switch`).
// navd cannot depend on that package, so it reads the same stable ABI (Swift 5 ABI, x86_64 and
// arm64 Linux): metadata kind at offset 0, the value witness table one word before the metadata,
// the enum value witnesses after the base table, and the nominal type descriptor's field records,
// which list the cases in tag order (cases with a payload that takes memory first, then the
// others, including those whose payload is empty), with bit 0 of their flags marking `indirect`.

/// The layout facts about one enum type that case-path extraction needs.
@usableFromInline
struct EnumMetadata: @unchecked Sendable {
  @usableFromInline typealias GetEnumTag =
    @convention(c) (UnsafeRawPointer, UnsafeRawPointer) ->
    UInt32
  @usableFromInline typealias ProjectEnumData =
    @convention(c) (
      UnsafeMutableRawPointer, UnsafeRawPointer
    ) -> Void
  @usableFromInline typealias InjectEnumTag =
    @convention(c) (
      UnsafeMutableRawPointer, UInt32, UnsafeRawPointer
    ) -> Void

  /// The type's metadata.
  ///
  /// Everything else is read from it on demand, so this value is one word and cheap to copy
  /// inside the case paths a reducer body builds on every action.
  @usableFromInline let metadata: UnsafeRawPointer

  /// Reads the metadata of `type`, or returns `nil` when it is not an enum or `Optional`.
  @usableFromInline
  init?(_ type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: Int.self)
    // MetadataKind: Enum = 0x201, Optional = 0x202.
    guard kind == 0x201 || kind == 0x202 else { return nil }
    self.metadata = metadata
  }

  // MARK: Value witnesses

  /// The base value witness table holds 8 function pointers, size, stride, flags (UInt32) and
  /// extra inhabitants (UInt32); the enum witnesses getEnumTag, destructiveProjectEnumData and
  /// destructiveInjectEnumTag follow.
  @usableFromInline static let enumWitnessOffset =
    8 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<Int>.size + 8

  @inlinable
  var witnesses: UnsafeRawPointer {
    metadata.load(fromByteOffset: -MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
  }

  @inlinable
  var getEnumTag: GetEnumTag {
    witnesses.load(fromByteOffset: Self.enumWitnessOffset, as: GetEnumTag.self)
  }

  @inlinable
  var projectEnumData: ProjectEnumData {
    witnesses.load(
      fromByteOffset: Self.enumWitnessOffset + MemoryLayout<UnsafeRawPointer>.size,
      as: ProjectEnumData.self)
  }

  @inlinable
  var injectEnumTag: InjectEnumTag {
    witnesses.load(
      fromByteOffset: Self.enumWitnessOffset + 2 * MemoryLayout<UnsafeRawPointer>.size,
      as: InjectEnumTag.self)
  }

  /// The size of a value of the type in bytes, from its value witness table.
  var size: Int {
    witnesses.load(fromByteOffset: 8 * MemoryLayout<UnsafeRawPointer>.size, as: Int.self)
  }

  // MARK: Descriptor (cold paths only)

  /// The enum's nominal type descriptor: flags, parent, name, access function, fields
  /// (relative), then NumPayloadCasesAndPayloadSizeOffset and NumEmptyCases.
  private var descriptor: UnsafeRawPointer {
    metadata.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
  }

  /// The number of cases whose payload takes memory; their tags are `0..<payloadCaseCount`.
  var payloadCaseCount: Int {
    Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
  }

  /// The number of cases, payload and empty.
  var caseCount: Int {
    payloadCaseCount + Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
  }

  /// Field records in tag order and their size, or `nil` when the type was built without
  /// reflection metadata.
  private var fieldRecords: (records: UnsafeRawPointer, size: Int)? {
    let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    guard fieldsOffset != 0 else { return nil }
    let fields = descriptor.advanced(by: 16 + Int(fieldsOffset))
    // FieldDescriptor: mangled name, superclass, kind (UInt16), record size (UInt16), count.
    let size = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    guard count == caseCount else { return nil }
    return (fields.advanced(by: 16), size)
  }

  /// Returns the tag of the case `value` holds: cases with a payload that takes memory first.
  @inlinable @inline(__always)
  func tag<Root>(of value: Root) -> UInt32 {
    withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// Whether the case with `tag` is stored out of line (`indirect`), or `nil` when unknown.
  func isIndirect(tag: UInt32) -> Bool? {
    guard let (records, size) = fieldRecords, Int(tag) < caseCount else { return nil }
    let flags = records.load(fromByteOffset: Int(tag) * size, as: UInt32.self)
    return flags & 0x1 != 0
  }

  /// The declared name of the case with `tag`, or `nil` when the type has no reflection metadata.
  func caseName(tag: UInt32) -> String? {
    guard let (records, size) = fieldRecords, Int(tag) < caseCount else { return nil }
    let record = records.advanced(by: Int(tag) * size)
    let nameOffset = record.load(fromByteOffset: 8, as: Int32.self)
    guard nameOffset != 0 else { return nil }
    return String(
      cString: record.advanced(by: 8 + Int(nameOffset)).assumingMemoryBound(to: CChar.self))
  }

  /// Copies the payload of `root` as `layout` (from discovery: ``KnownCase/direct`` and
  /// ``KnownCase/indirect``) says to read it.
  @inlinable @inline(__always)
  func payload<Root, Value>(of root: Root, tag: UInt32, layout: Int, as _: Value.Type) -> Value {
    if layout & KnownCase.direct != 0 {
      // This case keeps no tag bits in its payload: the root's first bytes are the payload.
      return withUnsafePointer(to: root) { UnsafeRawPointer($0).load(as: Value.self) }
    }
    return projectPayload(
      of: root, tag: tag, indirect: layout & KnownCase.indirect != 0, as: Value.self)
  }

  /// Whether projecting `root` leaves the bytes of its `Value` payload as they are.
  ///
  /// A case's tag bits in the payload's spare bits are the same for every value of the case, so
  /// one sample answers for the case.
  func projectionKeepsPayloadBytes<Root, Value>(of root: Root, as _: Value.Type) -> Bool {
    let size = MemoryLayout<Value>.size
    guard size <= MemoryLayout<Root>.size else { return false }
    return withUnsafeBytes(of: root) { original in
      withUnsafeTemporaryAllocation(
        byteCount: MemoryLayout<Root>.size, alignment: MemoryLayout<Root>.alignment
      ) { buffer in
        let base = buffer.baseAddress!
        base.copyMemory(from: original.baseAddress!, byteCount: MemoryLayout<Root>.size)
        projectEnumData(base, metadata)
        return memcmp(base, original.baseAddress!, size) == 0
      }
    }
  }

  /// Copies the payload of `root`, whose tag must be `tag` and whose payload must be a `Value`.
  ///
  /// Kept out of line: its scratch buffer would give every caller a large stack frame and a
  /// stack protector, which the byte-test hits and misses do not need.
  @inlinable @inline(never)
  func projectPayload<Root, Value>(
    of root: Root, tag: UInt32, indirect: Bool, as _: Value.Type
  ) -> Value {
    if indirect {
      var copy = root
      return withUnsafeMutableBytes(of: &copy) { bytes in
        let base = bytes.baseAddress!
        projectEnumData(base, metadata)
        let box = base.load(as: UnsafeRawPointer.self)
        // A box is a heap object header followed by the value, aligned for its type.
        let alignment = MemoryLayout<Value>.alignment
        let offset = (heapObjectHeaderSize + alignment - 1) & ~(alignment - 1)
        let value = box.load(fromByteOffset: offset, as: Value.self)
        injectEnumTag(base, tag, metadata)
        return value
      }
    }
    // Project a bitwise copy of the root: nothing is retained or released for it, and the payload
    // is copied out of it as a `Value`, which retains only what the payload holds. Roots up to
    // 64 bytes use a buffer on the stack (no temporary-allocation machinery, which would look up
    // generic metadata on every call).
    if MemoryLayout<Root>.size <= 64, MemoryLayout<Root>.alignment <= 8 {
      var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0)
      return withUnsafePointer(to: root) { source in
        withUnsafeMutableBytes(of: &scratch) { buffer in
          let base = buffer.baseAddress!
          base.copyMemory(from: source, byteCount: MemoryLayout<Root>.size)
          projectEnumData(base, metadata)
          return base.load(as: Value.self)
        }
      }
    }
    return withUnsafePointer(to: root) { source in
      withUnsafeTemporaryAllocation(
        byteCount: MemoryLayout<Root>.size, alignment: MemoryLayout<Root>.alignment
      ) { buffer in
        let base = buffer.baseAddress!
        base.copyMemory(from: source, byteCount: MemoryLayout<Root>.size)
        projectEnumData(base, metadata)
        return base.load(as: Value.self)
      }
    }
  }
}

/// The size of a Swift heap object's header: its metadata pointer and its reference counts.
@usableFromInline
let heapObjectHeaderSize = 2 * MemoryLayout<Int>.size

/// The metadata kinds whose values have a fixed layout that a `Mirror` sample can vouch for.
enum MetadataKind {
  /// Returns whether `type` is a struct, enum, optional or tuple.
  static func isValueLayout(_ type: Any.Type) -> Bool {
    let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: Int.self)
    return kind == 0x200 || kind == 0x201 || kind == 0x202 || kind == 0x301
  }

  /// Returns whether `type` is a function type.
  static func isFunction(_ type: Any.Type) -> Bool {
    unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: Int.self) == 0x302
  }

  /// Whether `payload` is a one-element tuple of `value`.
  ///
  /// That is how the runtime types the payload of a case with one labeled value,
  /// `case delete(id: UUID)`, which is laid out as the value itself.
  static func isLabeledSingle(_ payload: Any.Type, of value: Any.Type) -> Bool {
    let p = unsafeBitCast(payload, to: UnsafeRawPointer.self)
    guard p.load(as: Int.self) == 0x301, p.load(fromByteOffset: 8, as: Int.self) == 1 else {
      return false
    }
    return p.load(fromByteOffset: 24, as: UnsafeRawPointer.self)
      == unsafeBitCast(value, to: UnsafeRawPointer.self)
  }

  /// Returns whether two tuple types have the same elements, ignoring their labels.
  static func tuplesMatchIgnoringLabels(_ lhs: Any.Type, _ rhs: Any.Type) -> Bool {
    let l = unsafeBitCast(lhs, to: UnsafeRawPointer.self)
    let r = unsafeBitCast(rhs, to: UnsafeRawPointer.self)
    guard l.load(as: Int.self) == 0x301, r.load(as: Int.self) == 0x301 else { return false }
    // TupleTypeMetadata: kind, element count, labels, then (type, offset) pairs.
    let count = l.load(fromByteOffset: 8, as: Int.self)
    guard count == r.load(fromByteOffset: 8, as: Int.self) else { return false }
    for index in 0..<count {
      let offset = 24 + index * 16
      guard
        l.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
          == r.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
      else { return false }
    }
    return true
  }
}

/// The names of the cases of the enum `type`, in declaration order, or `nil` when it is not an
/// enum or has no reflection metadata: what an error about an unknown case lists.
package func enumCaseNames(of type: Any.Type) -> [String]? {
  guard let metadata = EnumMetadata(type) else { return nil }
  let names = (0..<UInt32(metadata.caseCount)).compactMap { metadata.caseName(tag: $0) }
  return names.count == metadata.caseCount ? names : nil
}
