// The minimal blocking line client that times navd and Redis alike.

import CNavSys

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal blocking client of a line-oriented Unix socket, the same for navd and for Redis.
///
/// It writes bytes as given and reads until it has the number of `\n`-terminated lines asked for
/// (a RESP `+PONG\r\n` is one line; navd's JSON-RPC responses are one line each).
final class LineSocket: @unchecked Sendable {
  /// The socket's path.
  let path: String
  /// The connected socket.
  let descriptor: Int32
  private let buffer: UnsafeMutableRawBufferPointer
  private var start = 0
  private var end = 0

  /// Connects to `path`, blocking; reads into a buffer of `bufferSize` bytes.
  init(path: String, bufferSize: Int = 64 * 1024) {
    self.path = path
    descriptor = navsys_unix_socket(0)
    guard descriptor >= 0, navsys_unix_connect(descriptor, path) == 0 else {
      fatalError("navbench: cannot connect to \(path): \(String(cString: strerror(errno)))")
    }
    buffer = .allocate(byteCount: bufferSize, alignment: 16)
  }

  deinit {
    close(descriptor)
    buffer.deallocate()
  }

  /// Writes all of `bytes`.
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          fatalError("navbench: writing to \(path) failed: \(String(cString: strerror(errno)))")
        }
        offset += written
      }
    }
  }

  /// Reads until `count` lines have arrived, handing each (with its `\n`) to `body`.
  @inline(__always)
  func readLines(_ count: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
    var remaining = count
    while remaining > 0 {
      if let line = nextLine() {
        body(line)
        remaining -= 1
      } else {
        fill()
      }
    }
  }

  /// The next complete line already read, if any.
  @inline(__always)
  func nextLine() -> UnsafeRawBufferPointer? {
    guard start < end,
      let newline = memchr(buffer.baseAddress! + start, 0x0A, end - start)
    else { return nil }
    let length =
      UnsafeRawPointer(buffer.baseAddress! + start).distance(
        to: UnsafeRawPointer(newline)) + 1
    let line = UnsafeRawBufferPointer(start: buffer.baseAddress! + start, count: length)
    start += length
    return line
  }

  /// Reads once (blocking) into the buffer, after moving a partial line to its front.
  func fill() {
    if start > 0 {
      if start < end { memmove(buffer.baseAddress!, buffer.baseAddress! + start, end - start) }
      end -= start
      start = 0
    }
    guard end < buffer.count else {
      fatalError("navbench: a line from \(path) is longer than \(buffer.count) bytes")
    }
    while true {
      let count = read(descriptor, buffer.baseAddress! + end, buffer.count - end)
      if count > 0 {
        end += count
        return
      }
      if count < 0, errno == EINTR { continue }
      fatalError(
        "navbench: \(path) closed the connection"
          + (count < 0 ? ": \(String(cString: strerror(errno)))" : ""))
    }
  }
}
