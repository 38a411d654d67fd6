// A blocking client of a line-oriented Unix socket: navctl's, NavClient's and navbench's one.

import CNavSys
import Glibc

/// A blocking client of a Unix socket that speaks in `\n`-terminated lines.
///
/// It writes bytes as given, and hands out each line it reads in place, from its own buffer,
/// without copying: the line is valid until the next read. The buffer grows, up to
/// `maximumLineBytes`, to hold a long line. It serves navd's JSON-RPC lines and Redis's RESP
/// lines alike (a `+PONG\r\n` is one line), so a benchmark times both through the same code.
package final class BlockingLineSocket: @unchecked Sendable {
  /// Why a read gave no line.
  package enum ReadError: Error, Equatable, CustomStringConvertible {
    /// The peer closed the connection.
    case closed
    /// A line is longer than the socket accepts.
    case lineTooLong(limit: Int)
    /// `read` failed.
    case failed(SystemError)

    package var description: String {
      switch self {
      case .closed: "the peer closed the connection"
      case .lineTooLong(let limit): "a line is longer than \(limit) bytes"
      case .failed(let error): "\(error)"
      }
    }
  }

  /// The socket's path.
  package let path: String
  /// The connected socket.
  package let descriptor: Int32
  /// The longest line it reads, its `\n` included.
  package let maximumLineBytes: Int
  private var buffer: UnsafeMutableRawBufferPointer
  private var start = 0
  private var end = 0

  /// Connects to the socket at `path`, blocking; reads into a buffer of `bufferSize` bytes that
  /// grows up to `maximumLineBytes`.
  package init(
    connectingTo path: String, bufferSize: Int = 64 * 1024, maximumLineBytes: Int = 64 << 20
  ) throws(SystemError) {
    let descriptor = try system("socket(AF_UNIX)") { navsys_unix_socket(0) }
    do {
      try system("connect(\(path))") { navsys_unix_connect(descriptor, path) }
    } catch {
      Glibc.close(descriptor)
      throw error
    }
    self.path = path
    self.descriptor = descriptor
    self.maximumLineBytes = max(maximumLineBytes, bufferSize)
    buffer = .allocate(byteCount: max(bufferSize, 16), alignment: 16)
  }

  deinit {
    Glibc.close(descriptor)
    buffer.deallocate()
  }

  /// Whether something accepts connections at `path` now.
  package static func isAccepting(_ path: String) -> Bool {
    (try? BlockingLineSocket(connectingTo: path, bufferSize: 16)) != nil
  }

  /// Writes all of `bytes`, retrying partial and interrupted writes.
  package func send(_ bytes: [UInt8]) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        navsys_send(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        let code = navsys_errno()
        if code == EINTR || code == EAGAIN { continue }
        throw SystemError(call: "write(\(path))", code: code)
      }
      offset += written
    }
  }

  /// The next line, its `\n` included, reading (blocking) until one is complete.
  @inline(__always)
  package func receiveLine() throws(ReadError) -> UnsafeRawBufferPointer {
    while true {
      if let line = nextLine() { return line }
      try fill()
    }
  }

  /// Reads until `count` lines have arrived, handing each (with its `\n`) to `body`.
  @inline(__always)
  package func receiveLines(_ count: Int, _ body: (UnsafeRawBufferPointer) -> Void)
    throws(ReadError)
  {
    var remaining = count
    while remaining > 0 {
      if let line = nextLine() {
        body(line)
        remaining -= 1
      } else {
        try fill()
      }
    }
  }

  /// Whether a complete line is already read and waiting in the buffer.
  package var hasBufferedLine: Bool {
    start < end && memchr(buffer.baseAddress! + start, 0x0A, end - start) != nil
  }

  /// Waits until the socket has something to read (or the peer closed it), for at most
  /// `seconds`; returns whether it has.
  package func waitReadable(seconds: Double) -> Bool {
    var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(min(max(seconds, 0) * 1000, Double(Int32.max)).rounded(.up))
    while true {
      let ready = poll(&watched, 1, milliseconds)
      if ready < 0, navsys_errno() == EINTR { continue }
      return ready > 0
    }
  }

  /// The next complete line already read, if any.
  @inline(__always)
  package func nextLine() -> UnsafeRawBufferPointer? {
    guard start < end,
      let newline = memchr(buffer.baseAddress! + start, 0x0A, end - start)
    else { return nil }
    let length =
      UnsafeRawPointer(buffer.baseAddress! + start).distance(to: UnsafeRawPointer(newline)) + 1
    let line = UnsafeRawBufferPointer(start: buffer.baseAddress! + start, count: length)
    start += length
    return line
  }

  /// Reads once (blocking) into the buffer, after moving a partial line to its front and, when
  /// the buffer is full of it, growing the buffer.
  package func fill() throws(ReadError) {
    if start > 0 {
      if start < end { memmove(buffer.baseAddress!, buffer.baseAddress! + start, end - start) }
      end -= start
      start = 0
    }
    if end == buffer.count {
      guard buffer.count < maximumLineBytes else {
        throw .lineTooLong(limit: maximumLineBytes)
      }
      let grown = UnsafeMutableRawBufferPointer.allocate(
        byteCount: min(buffer.count * 2, maximumLineBytes), alignment: 16)
      grown.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<end]))
      buffer.deallocate()
      buffer = grown
    }
    while true {
      let count = read(descriptor, buffer.baseAddress! + end, buffer.count - end)
      if count > 0 {
        end += count
        return
      }
      if count == 0 { throw .closed }
      let code = navsys_errno()
      if code == EINTR { continue }
      throw .failed(SystemError(call: "read(\(path))", code: code))
    }
  }
}
