// ImmediateClock: a clock whose sleeps return at once, for tests that do not care about time.

import NavSync

/// A clock whose sleeps return at once, moving its time forward by the amount slept.
///
/// Use it in tests that do not care how long effects wait, as swift-clocks' `ImmediateClock`.
public final class ImmediateClock<Duration: DurationProtocol & Hashable & Sendable>: Clock,
  @unchecked Sendable
{
  /// A point in an immediate clock's time.
  public typealias Instant = TestClock<Duration>.Instant

  private let current: Protected<Instant>

  /// Creates a clock that starts at `now`.
  public init(now: Instant = .init()) { self.current = Protected(now) }

  /// The clock's current instant.
  public var now: Instant { current.withLock { $0 } }

  /// The smallest step the clock reports.
  public var minimumResolution: Duration { .zero }

  /// Moves time to `deadline` and returns at once, unless the task is cancelled.
  public func sleep(until deadline: Instant, tolerance _: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { if $0 < deadline { $0 = deadline } }
    await Task.yield()
  }
}

extension ImmediateClock where Duration == Swift.Duration {
  /// Creates a clock that measures `Swift.Duration` and starts at zero.
  public convenience init() { self.init(now: .init()) }
}
