// withMainSerialExecutor: in swift-concurrency-extras, every task of a test runs serially on
// the main thread; here, the operation runs as it would anyway.

/// Runs `operation`; in swift-concurrency-extras it would run every task it starts serially on
/// the main thread, to make the order of concurrent work in a test deterministic.
///
/// navd does not replace the global executor: its test stores already settle each action's
/// effects before `send` and `receive` return, on a virtual clock when a test asks for one
/// (docs/composable.md, "The family's modules"). Tests that call it compile and run; their
/// concurrent work interleaves as the runtime schedules it.
@MainActor
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: @MainActor @Sendable () async throws -> Void
) async rethrows {
  try await operation()
}

/// Runs `operation`, synchronously; see the asynchronous form.
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: () throws -> Void
) rethrows {
  try operation()
}

/// Whether tasks run serially on the main thread: in navd always `false`, and setting it does
/// nothing (see ``withMainSerialExecutor(operation:)``).
nonisolated(unsafe) public var uncheckedUseMainSerialExecutor: Bool {
  get { false }
  set {}
}
