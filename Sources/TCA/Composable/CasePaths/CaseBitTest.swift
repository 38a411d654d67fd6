// Deciding an enum value's case from its bytes, without the `getEnumTag` value witness.
//
// A hit or miss through a `/Enum.case` path only needs to know whether a value holds one case.
// Swift stores that in a few bits of the value: an extra tag byte after the payload, spare bits
// inside it, or (for the other cases) whole bit patterns the payload never takes. Where the
// layout allows it, a case is recognised by one masked compare of an 8-byte word of the value,
// learned once per case from the enum's own `destructiveInjectEnumTag` witness. The word read is
// as narrow as the tag bits allow (one byte for an extra tag byte): a wider load that straddles
// the separate stores of a value just spilled to the stack defeats store forwarding and costs
// more than the witness call it replaces. Where it does not
// (a single-payload enum that keeps its other cases in the payload's extra inhabitants, such as
// `Optional<AnyObject>`, or tag bits more than 8 bytes apart), no test is learned and extraction
// keeps calling `getEnumTag`.

/// A masked compare of one word of an enum value that holds exactly when the value is in one
/// case.
@usableFromInline
struct CaseBitTest: Sendable, Equatable {
  /// Where the word starts in the value.
  @usableFromInline let offset: Int
  /// The word's width: `0` for one byte (an extra tag byte, most often), `3` for 8 bytes.
  @usableFromInline let widthCode: Int
  /// The bits of the word that tell the case apart.
  @usableFromInline let mask: UInt64
  /// What those bits hold in a value of the case.
  @usableFromInline let pattern: UInt64

  @usableFromInline
  init(offset: Int, widthCode: Int, mask: UInt64, pattern: UInt64) {
    self.offset = offset
    self.widthCode = widthCode
    self.mask = mask
    self.pattern = pattern
  }

  /// The largest offset the packed form in a case path's cell can hold.
  static let maximumOffset = 255

  /// Returns whether `root`, a value of the enum this test was learned for, is in its case.
  @inlinable @inline(__always)
  static func matches<Root>(
    _ root: Root, offset: Int, widthCode: Int, mask: UInt64, pattern: UInt64
  ) -> Bool {
    withUnsafePointer(to: root) { pointer in
      word(at: UnsafeRawPointer(pointer), offset: offset, widthCode: widthCode) & mask == pattern
    }
  }

  /// Reads the byte or the 8-byte word at `offset`, as `widthCode` says, zero-extended.
  @inlinable @inline(__always)
  static func word(at base: UnsafeRawPointer, offset: Int, widthCode: Int) -> UInt64 {
    // Two widths only, so the choice is one branch and not a jump table.
    if widthCode == 0 { return UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) }
    return base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }

  /// Learns the test for the case with `tag`, or returns `nil` when the layout cannot be
  /// decided by one masked word.
  ///
  /// For every case, the tag is injected into buffers prefilled with four different byte
  /// patterns: the bits that come out the same every time are the ones the case's tag writes
  /// (its mask), whatever the payload holds, and every value of the case has them. The test is
  /// kept only when, for every other case, some bit written by both cases differs, so no value
  /// of another case can pass it.
  static func learn(metadata: EnumMetadata, tag: UInt32) -> CaseBitTest? {
    let size = metadata.size
    let caseCount = metadata.caseCount
    guard size > 0, Int(tag) < caseCount else { return nil }
    let written = (0..<caseCount).map { bitsWritten(by: UInt32($0), metadata: metadata) }
    let (mask, pattern) = written[Int(tag)]
    guard let first = mask.firstIndex(where: { $0 != 0 }),
      let last = mask.lastIndex(where: { $0 != 0 })
    else { return nil }
    guard last - first < 8 else { return nil }
    let widthCode = first == last ? 0 : 3
    let width = 1 << widthCode
    guard width <= size else { return nil }
    let offset = min(first, size - width)
    guard offset <= maximumOffset else { return nil }
    for other in 0..<caseCount where other != Int(tag) {
      let (otherMask, otherPattern) = written[other]
      let tellsApart = (0..<size).contains { index in
        mask[index] & otherMask[index] & (pattern[index] ^ otherPattern[index]) != 0
      }
      guard tellsApart else { return nil }
    }
    let test = CaseBitTest(
      offset: offset, widthCode: widthCode, mask: window(mask, offset: offset, width: width),
      pattern: window(pattern, offset: offset, width: width))
    // The injected values themselves must answer as expected.
    for other in 0..<caseCount {
      for fill in fills {
        let matched = injected(UInt32(other), fill: fill, metadata: metadata) { bytes in
          test.matches(bytes.baseAddress!)
        }
        guard matched == (other == Int(tag)) else { return nil }
      }
    }
    return test
  }

  /// The byte patterns the buffers are filled with before a tag is injected.
  private static let fills: [UInt8] = [0x00, 0xFF, 0x5A, 0xA5]

  /// Returns the bits `destructiveInjectEnumTag` writes for `tag` whatever the buffer held, and
  /// their values.
  private static func bitsWritten(
    by tag: UInt32, metadata: EnumMetadata
  ) -> (mask: [UInt8], pattern: [UInt8]) {
    let results = fills.map { fill in
      injected(tag, fill: fill, metadata: metadata) { Array($0) }
    }
    var mask = [UInt8](repeating: 0xFF, count: metadata.size)
    for result in results.dropFirst() {
      for index in mask.indices { mask[index] &= ~(result[index] ^ results[0][index]) }
    }
    let pattern = zip(mask, results[0]).map { $0 & $1 }
    return (mask, pattern)
  }

  /// Calls `body` with a buffer prefilled with `fill` into which `tag` was injected.
  private static func injected<R>(
    _ tag: UInt32, fill: UInt8, metadata: EnumMetadata,
    _ body: (UnsafeMutableRawBufferPointer) -> R
  ) -> R {
    let size = metadata.size
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 8), alignment: 16)
    defer { buffer.deallocate() }
    buffer.initializeMemory(as: UInt8.self, repeating: fill)
    metadata.injectEnumTag(buffer.baseAddress!, tag, metadata.metadata)
    return body(UnsafeMutableRawBufferPointer(rebasing: buffer[..<size]))
  }

  /// The `width` bytes of `bytes` from `offset` as a little-endian word.
  private static func window(_ bytes: [UInt8], offset: Int, width: Int) -> UInt64 {
    var word: UInt64 = 0
    for index in 0..<width {
      word |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
    }
    return word
  }

  /// Returns whether the value at `base` passes the test.
  func matches(_ base: UnsafeRawPointer) -> Bool {
    Self.word(at: base, offset: offset, widthCode: widthCode) & mask == pattern
  }
}
