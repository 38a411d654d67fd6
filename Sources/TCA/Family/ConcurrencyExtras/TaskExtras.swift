// Task's extras that tests and effects use: a task that never ends, yields enough for others to
// run, and a value whose waiting cancels with its waiter.

extension Task where Success == Never, Failure == Never {
  /// Suspends until the calling task is cancelled, then throws `CancellationError`.
  ///
  /// An effect that must stay alive until it is cancelled (a subscription with no end) awaits
  /// it; a test dependency that must never answer returns it.
  public static func never() async throws -> Never {
    for await _ in AsyncStream<Never>.never {}
    throw Swift.CancellationError()
  }

  /// Yields `count` times, so that the tasks it started get to run before the caller goes on.
  ///
  /// A crutch for tests of code that starts unstructured tasks: prefer awaiting what the task
  /// does (a test store's `receive`, `finish`).
  public static func megaYield(count: Int = 20) async {
    for _ in 0..<count { await Task<Void, Never>.detached(priority: .background) {}.value }
  }
}

extension Task where Failure == any Error {
  /// The task's value, awaited so that cancelling the waiter cancels the task too.
  public var cancellableValue: Success {
    get async throws {
      try await withTaskCancellationHandler {
        try await value
      } onCancel: {
        cancel()
      }
    }
  }
}

extension Task where Failure == Never {
  /// The task's value, awaited so that cancelling the waiter cancels the task too.
  public var cancellableValue: Success {
    get async {
      await withTaskCancellationHandler {
        await value
      } onCancel: {
        cancel()
      }
    }
  }
}
