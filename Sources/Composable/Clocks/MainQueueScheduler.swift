import Foundation

/// A span of scheduler time written as in Combine schedulers: `1` or `.seconds(1)` is a second.
public struct SchedulerStride: Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral
{
  /// The span as a `Duration`.
  public var duration: Duration

  /// Creates a stride of `duration`.
  public init(_ duration: Duration) { self.duration = duration }

  /// A stride of `seconds` seconds.
  public init(integerLiteral seconds: Int) { self.duration = .seconds(seconds) }

  /// A stride of `seconds` seconds.
  public init(floatLiteral seconds: Double) { self.duration = .seconds(seconds) }

  /// A stride of `seconds` seconds.
  public static func seconds(_ seconds: Double) -> Self { Self(.seconds(seconds)) }

  /// A stride of `seconds` seconds.
  public static func seconds(_ seconds: Int) -> Self { Self(.seconds(seconds)) }

  /// A stride of `milliseconds` milliseconds.
  public static func milliseconds(_ milliseconds: Int) -> Self { Self(.milliseconds(milliseconds)) }

  /// A stride of `microseconds` microseconds.
  public static func microseconds(_ microseconds: Int) -> Self { Self(.microseconds(microseconds)) }

  /// A stride of `nanoseconds` nanoseconds.
  public static func nanoseconds(_ nanoseconds: Int) -> Self { Self(.nanoseconds(nanoseconds)) }

  /// Orders strides by length.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.duration < rhs.duration }
}

/// The `mainQueue` dependency: the scheduler the seeds' effects use for timers and delays.
///
/// TCA types it `AnySchedulerOf<DispatchQueue>`; navd has no Combine, so it is a small value over a
/// clock with the two operations effects use, `timer(interval:)` and `sleep(for:)`. Live, it runs
/// on `ContinuousClock`; in tests it runs on a ``TestScheduler`` (or any ``TestClock``), and
/// ``immediate`` runs everything at once.
public struct MainQueueScheduler: Sendable {
  private let clock: any Clock<Duration>
  private let nowDate: @Sendable () -> Date

  /// Creates a scheduler whose time is `clock`'s; `now` gives the dates timers deliver.
  public init(clock: any Clock<Duration>, now: @escaping @Sendable () -> Date = { Date() }) {
    self.clock = clock
    self.nowDate = now
  }

  /// The real main queue's timing: `ContinuousClock`.
  public static var main: Self { Self(clock: ContinuousClock()) }

  /// A scheduler whose waits all end at once.
  public static var immediate: Self { Self(clock: ImmediateClock()) }

  /// A scheduler that fails the test when used: the dependency's test value.
  public static var unimplemented: Self { Self(clock: UnimplementedClock("mainQueue")) }

  /// Returns the scheduler itself, for code written against Combine's `eraseToAnyScheduler()`.
  public func eraseToAnyScheduler() -> Self { self }

  /// Suspends for `stride`, or throws if the task is cancelled.
  public func sleep(for stride: SchedulerStride) async throws {
    try await clock.sleep(for: stride.duration)
  }

  /// Returns a sequence that yields the current date every `interval` until the consuming task
  /// is cancelled.
  ///
  /// Ticks are scheduled from the previous deadline, not from when the consumer got around to
  /// the last one, so no tick is lost when a test advances time in one big step.
  public func timer(interval: SchedulerStride) -> AsyncStream<Date> {
    AsyncStream { continuation in
      let task = Task { [clock, nowDate] in
        await Self.tick(clock: clock, interval: interval.duration) { continuation.yield(nowDate()) }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  private static func tick<C: Clock<Duration>>(
    clock: C, interval: Duration, _ fire: @Sendable () -> Void
  ) async {
    var deadline = clock.now.advanced(by: interval)
    while !Task.isCancelled {
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
      fire()
      deadline = deadline.advanced(by: interval)
    }
  }
}

/// A main-queue scheduler a test controls: time moves only through ``advance(by:)``, as
/// CombineSchedulers' `DispatchQueue.test`.
public final class TestScheduler: Sendable {
  /// The clock behind the scheduler.
  public let clock: TestClock<Duration>

  /// Creates a scheduler at time zero, or over an existing test clock.
  public init(clock: TestClock<Duration> = TestClock()) { self.clock = clock }

  /// Moves time forward, running every timer tick and sleep that falls due.
  public func advance(by stride: SchedulerStride = 0) async {
    await clock.advance(by: stride.duration)
  }

  /// Runs until nothing is scheduled.
  public func run() async { await clock.run() }

  /// Returns the scheduler as the `mainQueue` dependency's type.
  public func eraseToAnyScheduler() -> MainQueueScheduler { MainQueueScheduler(clock: clock) }
}

private enum MainQueueKey: DependencyKey {
  static var liveValue: MainQueueScheduler { .main }
  static var testValue: MainQueueScheduler { .unimplemented }
}

extension DependencyValues {
  /// The scheduler for timers and delays that TCA 1.x features call `mainQueue`.
  public var mainQueue: MainQueueScheduler {
    get { self[MainQueueKey.self] }
    set { self[MainQueueKey.self] = newValue }
  }
}
