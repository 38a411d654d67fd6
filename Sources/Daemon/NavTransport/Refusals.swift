// Connections a server will not serve: answered with one line, drained, then closed.

import CNavSys
import Dispatch
import Glibc

/// Answers the connections a server refuses with one line each, and closes them cleanly.
///
/// Closing a Unix socket with the peer's request still unread resets the connection: the
/// client would read "connection reset" (or fail writing) instead of the answer. So the server
/// ends its side, reads and drops what the client sends until the client closes, and closes
/// then, or after ``drainLimit``. Used on the loop's thread only.
package final class Refusals: @unchecked Sendable {
  private let loop: EventLoop
  /// Connections being drained: descriptor → the refusal's number, so a late deadline never
  /// closes a descriptor reused since.
  private var draining: [Int32: Int] = [:]
  private var nextRefusal = 0

  /// How long a refused peer may go on sending before its connection is closed anyway.
  package let drainLimit: Duration

  /// Creates the refusals of connections whose descriptors `loop` watches.
  package init(loop: EventLoop, drainLimit: Duration = .seconds(2)) {
    self.loop = loop
    self.drainLimit = drainLimit
  }

  /// Writes `line` to the connection at `descriptor`, ends the server's side, and closes it once
  /// the peer closes its own (or after ``drainLimit``).
  package func refuse(_ descriptor: Int32, answering line: [UInt8]) {
    _ = line.withUnsafeBytes { navsys_send(descriptor, $0.baseAddress, $0.count) }
    _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
    nextRefusal += 1
    let token = nextRefusal
    draining[descriptor] = token
    do {
      try loop.register(descriptor, interest: .readable) { [self] _ in
        drain(descriptor, token: token)
      }
    } catch {
      close(descriptor, token: token)
      return
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(drainLimit.nanoseconds)))
    { [self] in
      loop.execute { [self] in close(descriptor, token: token) }
    }
  }

  private func drain(_ descriptor: Int32, token: Int) {
    let buffer = loop.readBuffer
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count > 0 { continue }
      if count < 0, navsys_errno() == EINTR { continue }
      if count < 0, navsys_errno() == EAGAIN || navsys_errno() == EWOULDBLOCK { return }
      close(descriptor, token: token)  // end of file, or an error
      return
    }
  }

  private func close(_ descriptor: Int32, token: Int) {
    guard draining[descriptor] == token else { return }
    draining.removeValue(forKey: descriptor)
    loop.unregister(descriptor)
    Glibc.close(descriptor)
  }
}
