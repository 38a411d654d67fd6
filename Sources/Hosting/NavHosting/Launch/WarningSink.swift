// Where a launched store's runtime warnings and test failures go.

import Foundation

/// Collects runtime warnings and test failures from stores running on other threads, keeping at
/// most ``capacity`` unread ones, and hands each to a listener as it comes.
///
/// A session can warn forever: when nobody reads them, the oldest unread messages are dropped and
/// counted, and the next ``drain()`` says how many went. The listener is kept in a class box, so
/// calling it never rewraps the closure (a closure read out of generic storage on every call gained
/// two reabstraction thunks each time, and after about 12,500 warnings the stack overflowed).
package final class WarningSink: @unchecked Sendable {
  /// A listener, boxed: reading a class reference out of the lock copies a pointer, not a closure.
  private final class Listener: Sendable {
    let call: @Sendable (String) -> Void
    init(_ call: @escaping @Sendable (String) -> Void) { self.call = call }
  }

  /// The most unread messages kept; older ones are dropped and counted.
  let capacity: Int

  private let lock = NSLock()
  // Only touched under `lock`.
  private var messages: [String] = []
  /// Where the oldest unread message is in `messages`, once the buffer is full and wraps.
  private var oldest = 0
  private var dropped = 0
  private var listener: Listener?

  /// Creates a sink that keeps at most `capacity` unread messages.
  package init(capacity: Int = 1_000) {
    precondition(capacity > 0, "a warning sink must keep at least one message")
    self.capacity = capacity
  }

  /// Called with every message appended from now on; `nil` stops the calls.
  func setListener(_ call: (@Sendable (String) -> Void)?) {
    let box = call.map(Listener.init)
    lock.withLock { listener = box }
  }

  /// Keeps `message` for the next ``drain()`` (dropping the oldest unread one when full) and hands
  /// it to the listener.
  package func append(_ message: String) {
    let listener = lock.withLock { () -> Listener? in
      if messages.count < capacity {
        messages.append(message)
      } else {
        messages[oldest] = message
        oldest = (oldest + 1) % capacity
        dropped += 1
      }
      return self.listener
    }
    listener?.call(message)
  }

  /// How many messages are waiting to be drained, and how many were dropped since the last drain.
  var unread: (kept: Int, dropped: Int) { lock.withLock { (messages.count, dropped) } }

  /// Returns the unread messages, oldest first, and forgets them; when some were dropped, the
  /// first message says how many.
  package func drain() -> [String] {
    lock.withLock {
      var drained: [String] = []
      drained.reserveCapacity(messages.count + 1)
      if dropped > 0 {
        drained.append(
          "\(dropped) earlier warning\(dropped == 1 ? " was" : "s were") dropped unread "
            + "(at most \(capacity) are kept)")
      }
      drained.append(contentsOf: messages[oldest...])
      drained.append(contentsOf: messages[..<oldest])
      messages.removeAll(keepingCapacity: false)
      oldest = 0
      dropped = 0
      return drained
    }
  }
}
