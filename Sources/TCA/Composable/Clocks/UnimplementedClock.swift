// UnimplementedClock: the clocks' test value, which fails the test when anything sleeps on it.

/// A clock that fails the test when anything sleeps on it: the test value of the clock
/// dependencies, so a test must say which clock it wants.
public struct UnimplementedClock: Clock, Sendable {
  /// A point in time that never moves.
  public typealias Instant = TestClock<Duration>.Instant

  private let name: String

  /// Creates a clock that names `name` in its failure.
  public init(_ name: String = "Clock") { self.name = name }

  /// Always the start.
  public var now: Instant { .init() }

  /// The smallest step the clock reports.
  public var minimumResolution: Duration { .zero }

  /// Reports that the clock is unimplemented, then waits until the task is cancelled.
  public func sleep(until _: Instant, tolerance _: Duration?) async throws {
    RuntimeWarning.report(
      """
      Unimplemented: \(name).sleep … A test used a clock dependency it did not override. Override \
      it with a "TestClock" or an "ImmediateClock" in the store's "withDependencies".
      """)
    await suspendUntilCancelled()
    throw CancellationError()
  }
}
