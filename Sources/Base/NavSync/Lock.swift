// The lock the per-request path takes.

/// A non-recursive lock over no value, with `NSLock`'s `withLock` shape.
///
/// The objects every request passes through (the event loop, a connection, a client) each
/// guard a few fields with a lock taken several times per request. `NSLock` is a Foundation
/// class over a `pthread_mutex_t` (~75 instructions for a lock and an unlock); the standard
/// library's `Mutex` is an inlined compare-and-swap on a word (~25). It is a ``Protected``, so a
/// ThreadSanitizer build (`-DNAVD_TSAN`, `scripts/test-tsan`) gets a `pthread_mutex_t` TSan sees.
///
/// It is `@usableFromInline` with an `@inlinable` `withLock`, so that the modules that take it
/// on every request (NavTransport, NavServer) inline it as they did when it was their own. A
/// `package` type's `@inlinable` code is not offered to other modules unless the type is
/// `@usableFromInline` too: without it the generic `withLock` ran unspecialized across the
/// module boundary, with run-time metadata lookups, and a `store.send` round trip cost ~3,000
/// more instructions (docs/performance.md).
@usableFromInline
package struct Lock: ~Copyable, Sendable {
  @usableFromInline
  let mutex = Protected<Void>(())

  /// Creates an unlocked lock.
  @inlinable
  package init() {}

  /// Runs `body` with the lock held, and returns its result.
  @inlinable
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
@usableFromInline
struct Unchecked<Value>: @unchecked Sendable {
  @usableFromInline
  let value: Value

  @inlinable
  init(value: Value) { self.value = value }
}
