// Reading structured values out of a fuzz input, and writing inputs that read back as chosen.

/// A cursor over a fuzz input that reads bytes, integers and byte runs from its front.
///
/// Reading past the end gives zeros (and empty runs) rather than failing, so every input means
/// something and a short input is a small value. ``FuzzBytesWriter`` writes inputs that read back
/// as it was told.
public struct FuzzBytes {
  /// The input.
  public let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  public private(set) var position = 0

  /// Reads `bytes` from its start.
  public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Whether every byte was read.
  public var isAtEnd: Bool { position >= bytes.count }

  /// The bytes not read yet.
  public var rest: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[min(position, bytes.count)...])
  }

  /// The next byte, or 0 at the end.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// The next `T.bitWidth / 8` bytes as a little-endian integer; missing bytes are zeros.
  public mutating func integer<T: FixedWidthInteger>(_: T.Type = T.self) -> T {
    var value: T = 0
    for shift in stride(from: 0, to: T.bitWidth, by: 8) {
      value |= T(truncatingIfNeeded: byte()) << shift
    }
    return value
  }

  /// The next `count` bytes, or as many as are left.
  public mutating func take(_ count: Int) -> UnsafeBufferPointer<UInt8> {
    let start = min(position, bytes.count)
    let end = min(start + max(count, 0), bytes.count)
    position = end
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// The bytes up to the next `delimiter` (which is skipped), or all that are left.
  public mutating func take(until delimiter: UInt8) -> UnsafeBufferPointer<UInt8> {
    let start = min(position, bytes.count)
    var end = start
    while end < bytes.count, bytes[end] != delimiter { end += 1 }
    position = min(end + 1, bytes.count)
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }
}

/// Writes an input that ``FuzzBytes`` reads back as the values written, in order.
public struct FuzzBytesWriter {
  /// The input so far.
  public private(set) var bytes: [UInt8] = []

  /// Creates an empty input.
  public init() {}

  /// Appends `byte`.
  public mutating func byte(_ byte: UInt8) { bytes.append(byte) }

  /// Appends `value` as ``FuzzBytes/integer(_:)`` reads it.
  public mutating func integer<T: FixedWidthInteger>(_ value: T) {
    for shift in stride(from: 0, to: T.bitWidth, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// Appends `run` as it is.
  public mutating func append(_ run: some Sequence<UInt8>) { bytes.append(contentsOf: run) }
}
