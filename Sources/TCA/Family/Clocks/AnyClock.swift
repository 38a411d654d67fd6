// AnyClock: a clock of any kind behind one type, so that what is built over a clock (a timer) can
// be had from an existential `any Clock<Duration>`, as a `@Dependency(\.continuousClock)` is.

/// A type-erased clock: its instants are durations since the moment it was wrapped.
public struct AnyClock<Duration: DurationProtocol & Hashable>: Clock {
  /// An instant of the wrapped clock, as the time since the wrapping.
  public struct Instant: InstantProtocol {
    /// The time since the clock was wrapped.
    let offset: Duration

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` comes first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let readNow: @Sendable () -> Instant
  private let readResolution: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Instant, Duration?) async throws -> Void

  /// Wraps `clock`.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    readNow = { Instant(offset: origin.duration(to: clock.now)) }
    readResolution = { clock.minimumResolution }
    sleepUntil = { deadline, tolerance in
      try await clock.sleep(until: origin.advanced(by: deadline.offset), tolerance: tolerance)
    }
  }

  /// The wrapped clock's now.
  public var now: Instant { readNow() }

  /// The wrapped clock's resolution.
  public var minimumResolution: Duration { readResolution() }

  /// Sleeps on the wrapped clock until `deadline`.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepUntil(deadline, tolerance)
  }
}
