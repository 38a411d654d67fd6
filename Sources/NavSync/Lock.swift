// The lock the per-request path takes.

/// A non-recursive lock over no value, with `NSLock`'s `withLock` shape.
///
/// The objects every request passes through (the event loop, a connection, a client) each
/// guard a few fields with a lock taken several times per request. `NSLock` is a Foundation
/// class over a `pthread_mutex_t` (~75 instructions for a lock and an unlock); the standard
/// library's `Mutex` is an inlined compare-and-swap on a word (~25). It is a ``Protected``, so a
/// ThreadSanitizer build (`-DNAVD_TSAN`, `scripts/test-tsan`) gets a `pthread_mutex_t` TSan sees.
package final class Lock: Sendable {
  private let mutex = Protected<Void>(())

  /// Creates an unlocked lock.
  package init() {}

  /// Runs `body` with the lock held, and returns its result.
  @inline(__always)
  package func withLock<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try mutex.withLock { (_) throws(Failure) -> Unchecked<Result> in Unchecked(value: try body()) }
      .value
  }
}

/// A result handed out of the lock: the fields it is read from are guarded by the lock, so
/// passing it on is as safe as it was with `NSLock`.
private struct Unchecked<Value>: @unchecked Sendable {
  package let value: Value
}
