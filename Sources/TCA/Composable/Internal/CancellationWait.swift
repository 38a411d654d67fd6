// `suspendUntilCancelled`: waits for the task's cancellation without leaving a timer behind.

import Foundation

/// Suspends the current task until it is cancelled, holding nothing once it is.
///
/// A dismissal listener waits like this for as long as its screen is shown. A long
/// `Task.sleep` would do the same, but on Linux a cancelled sleep leaves its timer scheduled,
/// with its memory, until the deadline passes: a sleep "forever" per pushed screen kept about
/// half a kilobyte for every push, and a session that pushed and popped grew without bound.
func suspendUntilCancelled() async {
  let waiter = CancellationWaiter()
  await withTaskCancellationHandler {
    await withCheckedContinuation { waiter.park($0) }
  } onCancel: {
    waiter.cancel()
  }
}

/// The continuation of a task waiting for its cancellation, and whether it came first.
private final class CancellationWaiter: @unchecked Sendable {
  private let lock = NSLock()
  // Only touched under `lock`.
  private var continuation: CheckedContinuation<Void, Never>?
  private var cancelled = false

  /// Parks the waiting task, or resumes it at once when it was already cancelled.
  func park(_ continuation: CheckedContinuation<Void, Never>) {
    let resumeNow = lock.withLock { () -> Bool in
      if cancelled { return true }
      self.continuation = continuation
      return false
    }
    if resumeNow { continuation.resume() }
  }

  /// Resumes the parked task, or tells a task about to park that it need not.
  func cancel() {
    let parked = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      cancelled = true
      defer { continuation = nil }
      return continuation
    }
    parked?.resume()
  }
}
