// The package's one lock over a value: `Synchronization.Mutex` in normal builds, a
// `pthread_mutex_t` in ThreadSanitizer builds.
//
// ThreadSanitizer does not see `Mutex` on Linux: a contended `Mutex` waits in a priority-
// inheriting futex (`FUTEX_LOCK_PI`, in the uninstrumented standard library), and the kernel
// hands the lock to the waiter without an atomic operation TSan could pair with the unlock. So
// TSan reports correctly locked accesses as races, and would hide a real race behind such a lock
// too. It does intercept `pthread_mutex_lock`, so `scripts/test-tsan` builds with
// `-Xswiftc -DNAVD_TSAN` and every lock of the package becomes one TSan can see. Normal builds
// keep `Mutex`, which is faster (docs/operations.md, "Soak and race checks", has the figures).
#if NAVD_TSAN
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif
#else
  import Synchronization
#endif

/// A value that is only read or changed with a lock held, with `Mutex`'s `withLock` shape.
@usableFromInline
package struct Protected<Value: ~Copyable>: ~Copyable {
  #if NAVD_TSAN
    @usableFromInline
    let storage: PthreadProtectedStorage<Value>
  #else
    @usableFromInline
    let storage: Mutex<Value>
  #endif

  /// Creates a lock that protects `initialValue`.
  @inlinable
  package init(_ initialValue: consuming sending Value) {
    #if NAVD_TSAN
      storage = PthreadProtectedStorage(initialValue)
    #else
      storage = Mutex(initialValue)
    #endif
  }

  /// Runs `body` with the lock held and the value lent to it, and returns its result.
  @inlinable
  @inline(__always)
  package borrowing func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try storage.withLock(body)
  }
}

extension Protected: @unchecked Sendable where Value: ~Copyable {}

#if NAVD_TSAN
  /// The value and its `pthread_mutex_t`, at addresses that do not move, for TSan builds.
  @usableFromInline
  package final class PthreadProtectedStorage<Value: ~Copyable>: @unchecked Sendable {
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline
    let value: UnsafeMutablePointer<Value>

    @inlinable
    init(_ initialValue: consuming sending Value) {
      mutex = .allocate(capacity: 1)
      let status = pthread_mutex_init(mutex, nil)
      precondition(status == 0, "pthread_mutex_init failed: \(status)")
      value = .allocate(capacity: 1)
      value.initialize(to: initialValue)
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
      value.deinitialize(count: 1)
      value.deallocate()
    }

    @inlinable
    func withLock<Result: ~Copyable, Failure: Error>(
      _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value.pointee)
    }
  }
#endif
