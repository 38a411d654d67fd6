// Signals the daemon handles (SIGTERM, SIGINT, SIGHUP), caught from the start of the process by
// a C handler that writes to a pipe, and handled on a thread that reads it: none is lost and
// none takes its default action once `catch` ran.

import CNavSys
import Dispatch
import Foundation
import Glibc
import NavTransport

/// Receives the process's stop and reload signals.
///
/// ``catching(_:)`` runs first thing in `main`: from then on each of the signals is caught by an
/// async-signal-safe handler (in `CNavSys`) on whichever thread the kernel picks, and its
/// number written to a pipe. ``handle(on:_:)`` reads the pipe on a thread of its own and calls
/// the handler. (Ignoring a signal until a dispatch source is registered would drop one sent in
/// between; blocking it would not survive `dispatchMain()`, which unblocks every signal on the
/// main thread. systemd sends SIGHUP or SIGTERM the moment READY=1 arrives.)
public final class Signals: @unchecked Sendable {
  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// Catches `signals` from now on; they wait in the pipe until ``handle(on:_:)``.
  public static func catching(_ signals: [Int32]) throws -> Signals {
    let descriptor = try system("sigaction") {
      signals.withUnsafeBufferPointer { navsys_signal_pipe($0.baseAddress, Int32($0.count)) }
    }
    return Signals(descriptor: descriptor)
  }

  /// Starts a thread that calls `handler` on `queue` with each signal caught, in order.
  public func handle(on queue: DispatchQueue, _ handler: @escaping @Sendable (Int32) -> Void) {
    let descriptor = self.descriptor
    let thread = Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(descriptor, &byte, 1)
        if count == 1 {
          let signal = Int32(byte)
          queue.async { handler(signal) }
        } else if count == 0 || (count < 0 && errno != EINTR) {
          return
        }
      }
    }
    thread.name = "navd.signals"
    thread.stackSize = 64 * 1024
    thread.start()
  }
}
