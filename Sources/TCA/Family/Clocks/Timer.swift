// Clock.timer(interval:): a sequence that ticks every interval of a clock, real or virtual.

/// The ticks of a clock every `interval`: each element is the instant the clock reached.
///
/// ```swift
/// return .run { send in
///   for await _ in clock.timer(interval: .seconds(1)) {
///     await send(.timerTicked)
///   }
/// }
/// ```
///
/// On a `TestClock` it ticks as the test advances the clock; it ends when its task is cancelled.
/// The next tick is due an interval after the last one was due, not after it was consumed, so
/// ticks do not drift.
public struct AsyncTimerSequence<C: Clock>: AsyncSequence, Sendable where C: Sendable {
  /// An instant of the clock: when a tick came.
  public typealias Element = C.Instant

  let clock: C
  let interval: C.Duration
  let tolerance: C.Duration?

  /// Creates the ticks of `clock` every `interval`.
  public init(interval: C.Duration, tolerance: C.Duration? = nil, clock: C) {
    self.clock = clock
    self.interval = interval
    self.tolerance = tolerance
  }

  /// The iterator of the ticks.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let clock: C
    let interval: C.Duration
    let tolerance: C.Duration?
    var due: C.Instant?

    /// Waits for the next tick; `nil` once the task is cancelled.
    public mutating func next() async -> C.Instant? {
      let next = (due ?? clock.now).advanced(by: interval)
      do {
        try await clock.sleep(until: next, tolerance: tolerance)
      } catch {
        return nil
      }
      guard !Task.isCancelled else { return nil }
      due = next
      return clock.now
    }
  }

  /// Starts ticking, an interval from now.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(clock: clock, interval: interval, tolerance: tolerance, due: nil)
  }
}

extension Clock where Duration: Hashable {
  /// The ticks of this clock every `interval` (see ``AsyncTimerSequence``).
  ///
  /// Over an ``AnyClock``, as swift-clocks' is, so that it can be called on the `any
  /// Clock<Duration>` a clock dependency holds.
  public func timer(
    interval: Duration, tolerance: Duration? = nil
  ) -> AsyncTimerSequence<AnyClock<Duration>> {
    AsyncTimerSequence(interval: interval, tolerance: tolerance, clock: AnyClock(self))
  }
}
