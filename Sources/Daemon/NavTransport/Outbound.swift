// The outbound half of a connection: all a server needs to write to one peer.

import Dispatch

/// Where a server writes to one peer, and how it lets go of it.
///
/// The daemon's sessions, subscribers and clients hold a peer as an `Outbound`, never as the
/// ``Connection`` behind it, so nothing above the transport depends on how bytes reach a socket.
package protocol Outbound: AnyObject, Sendable {
  /// Queues `bytes` for the peer; with `deferred`, the write waits for the end of the loop's turn
  /// so that several lines leave in one system call. Returns `false` when the peer is gone or its
  /// queue is over its limit (the connection then closes).
  @discardableResult
  func send(_ bytes: [UInt8], deferred: Bool) -> Bool

  /// Queues what `write` appends to the outbound buffer, without an intermediate array.
  @discardableResult
  func send(deferred: Bool, writing write: (inout [UInt8]) -> Void) -> Bool

  /// Whether bytes queued for the peer are still unwritten.
  var hasQueuedBytes: Bool { get }

  /// Whether the peer has closed its end (read from the socket now, not from the loop's last
  /// event): a server at its client limit closes such connections first.
  var peerHasClosed: Bool { get }

  /// Waits until everything queued for the peer is written, or the peer is gone, or `deadline`
  /// passes; returns whether the queue emptied.
  func waitUntilFlushed(before deadline: DispatchTime) -> Bool

  /// Stops reading from the peer: it will be served nothing more, and what it sends is left
  /// unread.
  func stopReading()

  /// Closes the connection, telling its owner why.
  func close(reason: String)
}

extension Outbound {
  /// Queues `bytes` for the peer at once.
  @discardableResult
  package func send(_ bytes: [UInt8]) -> Bool { send(bytes, deferred: false) }
}

extension Connection: Outbound {}
