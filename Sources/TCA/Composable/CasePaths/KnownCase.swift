// KnownCase: what a `/Enum.case` path has learned about its case, packed into one word.

/// What a `/Enum.case` path has learned about its case, packed into one word so that extraction
/// reads it with one atomic load.
///
/// `0` means nothing is known yet. Bits: ``indirect`` (the payload is boxed), ``direct`` (the
/// payload is the root's first bytes, no tag bits in it), ``tested`` (a ``CaseBitTest`` decides
/// the case; its width code in bits 3–4 and offset in bits 5–12, its mask and pattern stored
/// beside this word), ``confirmed`` (always set once known), the case's tag in bits 14–45, and
/// for a one-byte test its mask and pattern in bits 48–63, with ``decidedInline`` (bit 47) when
/// extraction needs nothing else.
@usableFromInline
enum KnownCase {
  /// The case is `indirect`: its payload lives in a box.
  @usableFromInline static let indirect = 1
  /// The payload can be read straight from the root's bytes.
  @usableFromInline static let direct = 2
  /// A ``CaseBitTest`` tells this case apart without the `getEnumTag` witness.
  @usableFromInline static let tested = 4
  /// The case has been confirmed: the other bits are valid.
  @usableFromInline static let confirmed = 1 << 13
  /// Everything below holds, so that extraction decides inline (see ``decidedByLastByte(_:)``):
  /// the case is confirmed, told apart by a one-byte test of the root's last byte (where an enum
  /// keeps its extra tag byte, at an offset the compiler knows), with the test's mask and
  /// pattern in bits 48–63, and its payload is the root's first bytes.
  @usableFromInline static let decidedInline = 1 << 47

  /// Whether extraction decides inline, from this word alone: one load reads it whole.
  @inlinable @inline(__always)
  static func decidedByLastByte(_ known: Int) -> Bool { known & decidedInline != 0 }

  /// The mask of a one-byte test, packed in bits 48–55.
  @inlinable @inline(__always)
  static func byteMask(_ known: Int) -> UInt8 { UInt8(truncatingIfNeeded: known >> 48) }

  /// The pattern of a one-byte test, packed in bits 56–63.
  @inlinable @inline(__always)
  static func bytePattern(_ known: Int) -> UInt8 { UInt8(truncatingIfNeeded: known >> 56) }

  /// Returns the packed form of what discovery learned.
  static func pack(
    tag: UInt32, direct: Bool, indirect: Bool, test: CaseBitTest?, size: Int
  ) -> Int {
    var known = Int(tag) << 14 | confirmed
    if direct { known |= Self.direct }
    if indirect { known |= Self.indirect }
    if let test {
      known |= Self.tested | test.widthCode << 3 | test.offset << 5
      if test.widthCode == 0 {
        known |= Int(bitPattern: UInt(test.mask & 0xFF) << 48 | UInt(test.pattern & 0xFF) << 56)
        if test.offset == size - 1, direct { known |= decidedInline }
      }
    }
    return known
  }

  /// The tag of the case.
  @inlinable @inline(__always)
  static func tag(_ known: Int) -> UInt32 { UInt32(truncatingIfNeeded: known >> 14) }

  /// The width code of the case's ``CaseBitTest``, when it has one.
  @inlinable @inline(__always)
  static func testWidthCode(_ known: Int) -> Int { (known >> 3) & 3 }

  /// The offset of the case's ``CaseBitTest``, when it has one.
  @inlinable @inline(__always)
  static func testOffset(_ known: Int) -> Int { (known >> 5) & 0xFF }
}
