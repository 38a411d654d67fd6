// Cutting a byte stream into newline-terminated messages.

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - LineFramerError

/// Why a stream can no longer be framed into lines.
public enum LineFramerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A line grew past the maximum length before its newline; the connection should be closed.
  case lineTooLong(maximumLength: Int)

  /// The problem, as a sentence.
  public var description: String {
    switch self {
    case .lineTooLong(let maximumLength):
      "A message is longer than the limit of \(maximumLength) bytes."
    }
  }
}

// MARK: - LineFramer

/// Accumulates received bytes and yields complete lines, with bounded memory.
///
/// Feed each chunk read from the socket to ``append(_:)`` and then call ``nextLine()`` until it
/// returns `nil`. Lines come back without their `\n`, and without a `\r` before it, so `\r\n`
/// clients work too. Empty lines are returned as empty arrays (the caller may skip them).
///
/// A line longer than ``maximumLineLength`` bytes (not counting its terminator) is an error:
/// ``nextLine()`` first returns the complete lines before it, then throws
/// ``LineFramerError/lineTooLong(maximumLength:)``, and keeps throwing, since the stream cannot be
/// resynchronized reliably. As soon as an unfinished line exceeds the limit, further bytes are
/// dropped instead of buffered, so a peer that never sends a newline costs at most about the limit
/// plus one chunk.
public struct LineFramer: Sendable {
  /// The longest line accepted, in bytes, not counting `\n` or `\r\n`.
  public let maximumLineLength: Int

  private var buffer: [UInt8] = []
  /// Where the next line starts in `buffer`.
  private var start = 0
  /// Where the search for the next newline resumes: bytes before it hold no newline.
  private var scanned = 0
  /// Where the unfinished line at the end of `buffer` starts, as far as `append` knows.
  private var tailStart = 0
  /// Whether the unfinished line at the end is already too long.
  private var overflowed = false
  /// Whether the oversize error has been reported.
  private var failed = false

  /// Creates a framer that accepts lines up to `maximumLineLength` bytes.
  public init(maximumLineLength: Int) {
    precondition(maximumLineLength > 0, "The maximum line length must be positive.")
    self.maximumLineLength = maximumLineLength
  }

  /// The number of bytes received but not yet returned as lines.
  public var bufferedByteCount: Int { buffer.count - start }

  /// Whether the framer has reported an oversize line; it yields nothing more afterwards.
  public var hasFailed: Bool { failed }

  /// Adds received bytes.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    append(bytes.assumingMemoryBound(to: UInt8.self))
  }

  /// Adds received bytes.
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !failed, !overflowed, !bytes.isEmpty else { return }
    let base = buffer.count
    if let last = bytes.lastIndex(of: UInt8(ascii: "\n")) {
      tailStart = base + last + 1
    }
    let tailLength = base + bytes.count - tailStart
    // One byte of slack for a `\r` whose `\n` is still to come.
    if tailLength > maximumLineLength + 1 {
      overflowed = true
      let kept = bytes.count - (tailLength - (maximumLineLength + 2))
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<kept]))
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  /// Adds received bytes.
  public mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Adds received bytes.
  public mutating func append(_ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Removes and returns the next complete line, or `nil` when no complete line is buffered.
  ///
  /// Throws ``LineFramerError/lineTooLong(maximumLength:)`` when the next line is too long, and
  /// from then on.
  public mutating func nextLine() throws(LineFramerError) -> [UInt8]? {
    if failed { throw .lineTooLong(maximumLength: maximumLineLength) }
    let newline = buffer.withUnsafeBufferPointer { bytes in
      bytes[scanned...].firstIndex(of: UInt8(ascii: "\n"))
    }
    guard let newline else {
      scanned = buffer.count
      if overflowed || buffer.count - start > maximumLineLength + 1 {
        return try fail()
      }
      compact()
      return nil
    }
    var end = newline
    if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    guard end - start <= maximumLineLength else { return try fail() }
    let line = Array(buffer[start..<end])
    start = newline + 1
    scanned = start
    compact()
    return line
  }

  /// Adds `chunk` and calls `body` with each line completed, in order, until `body` returns
  /// false; lines that lie wholly in `chunk` are read in place, without a copy.
  ///
  /// The lines, errors and limits are those of ``append(_:)`` followed by ``nextLine()`` until
  /// it returns `nil`: a line longer than the limit throws after the lines before it. A line is
  /// a view valid only during its call. When `body` stops, the rest of `chunk` is dropped.
  public mutating func takeLines(
    from chunk: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(LineFramerError) {
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
    guard start == buffer.count, !failed, !overflowed else {
      // An unfinished line is buffered: complete it the buffering way.
      append(chunk)
      while let line = try nextLine() {
        guard line.withUnsafeBufferPointer(body) else { return }
      }
      return
    }
    var lineStart = 0
    while lineStart < chunk.count {
      let rest = UnsafeRawPointer(base + lineStart)
      guard let found = memchr(rest, Int32(UInt8(ascii: "\n")), chunk.count - lineStart) else {
        break
      }
      let newline = lineStart + (UnsafeRawPointer(found) - rest)
      var end = newline
      if end > lineStart, base[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      guard end - lineStart <= maximumLineLength else {
        _ = try fail()
        return
      }
      guard body(UnsafeBufferPointer(start: base + lineStart, count: end - lineStart)) else {
        return
      }
      lineStart = newline + 1
    }
    guard lineStart < chunk.count else { return }
    append(UnsafeBufferPointer(rebasing: chunk[lineStart...]))
    if overflowed || buffer.count - start > maximumLineLength + 1 { _ = try fail() }
  }

  private mutating func fail() throws(LineFramerError) -> [UInt8]? {
    failed = true
    buffer = []
    start = 0
    scanned = 0
    tailStart = 0
    throw .lineTooLong(maximumLength: maximumLineLength)
  }

  /// Drops consumed bytes once they are all of the buffer or most of a large one.
  private mutating func compact() {
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
    } else if start >= 4096, start * 2 >= buffer.count {
      buffer.removeSubrange(0..<start)
    } else {
      return
    }
    scanned -= start
    tailStart = max(0, tailStart - start)
    start = 0
  }
}
