// A connection as a server sets it up: where the peer's lines go, and the outbound half.

/// A connection the transport accepted, as its server takes it: the server says where the
/// peer's lines and the end of the connection go, starts it, and writes to it as an
/// ``Outbound``.
///
/// The daemon never names the ``Connection`` behind it: it asks the loop for one
/// (``EventLoop/connection(descriptor:maximumLineBytes:maximumQueuedBytes:)``).
package protocol AcceptedConnection: Outbound {
  /// Called on the loop's thread with each complete line, without its newline.
  var onLine: (UnsafeBufferPointer<UInt8>) -> Void { get set }
  /// Called once, on the loop's thread, when the connection closes, with the reason.
  var onClose: (String) -> Void { get set }
  /// Called when the peer sends a line longer than the limit; the connection then closes.
  var onOversizeLine: () -> Void { get set }
  /// Starts watching the connection on its loop.
  func start() throws(SystemError)
}

extension Connection: AcceptedConnection {}

extension EventLoop {
  /// A connection over the accepted socket `descriptor`, served by this loop: lines of at most
  /// `maximumLineBytes`, and at most `maximumQueuedBytes` waiting for a peer that does not read.
  package func connection(descriptor: Int32, maximumLineBytes: Int, maximumQueuedBytes: Int)
    -> any AcceptedConnection
  {
    Connection(
      descriptor: descriptor, loop: self, maximumLineBytes: maximumLineBytes,
      maximumQueuedBytes: maximumQueuedBytes)
  }
}
