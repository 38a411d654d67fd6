// navbench's use of the shared blocking line client: any failure ends the run, saying why.

import NavTransport

/// The blocking line client every control-socket figure times navd and Redis through.
typealias LineSocket = BlockingLineSocket

extension BlockingLineSocket {
  /// Connects to `path`, or ends the run.
  static func connect(_ path: String, bufferSize: Int = 64 * 1024) -> LineSocket {
    do {
      return try LineSocket(connectingTo: path, bufferSize: bufferSize)
    } catch {
      fatalError("navbench: cannot connect to \(path): \(error)")
    }
  }

  /// Writes all of `bytes`, or ends the run.
  func write(_ bytes: [UInt8]) {
    do {
      try send(bytes)
    } catch {
      fatalError("navbench: writing to \(path) failed: \(error)")
    }
  }

  /// Reads until `count` lines have arrived, handing each (with its `\n`) to `body`, or ends
  /// the run.
  @inline(__always)
  func readLines(_ count: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
    do {
      try receiveLines(count, body)
    } catch {
      fatalError("navbench: reading from \(path) failed: \(error)")
    }
  }
}
