// The `mainQueue` dependency: a scheduler over a clock with timers and sleeps, and TestScheduler.

import Foundation
import NavSync

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
  /// the last one, so no tick is lost when a test advances time in one big step. The sequence
  /// sleeps in the task that iterates it, so the store that runs the effect sees the timer as
  /// its own work.
  public func timer(interval: SchedulerStride) -> Timer {
    Timer(clock: clock, interval: interval.duration, now: nowDate)
  }

  /// The ticks of ``MainQueueScheduler/timer(interval:)``: the current date, every interval.
  public struct Timer: AsyncSequence, Sendable {
    /// A tick's value: the date it fired.
    public typealias Element = Date

    let clock: any Clock<Duration>
    let interval: Duration
    let now: @Sendable () -> Date

    /// Returns an iterator whose first tick is one interval from now.
    public func makeAsyncIterator() -> Iterator {
      Iterator(clock: clock, interval: interval, now: now)
    }

    /// Waits for each tick in turn; ends when the task is cancelled.
    public struct Iterator: AsyncIteratorProtocol {
      private let sleepUntilNextTick: @Sendable () async throws -> Void
      private let now: @Sendable () -> Date

      init(clock: any Clock<Duration>, interval: Duration, now: @escaping @Sendable () -> Date) {
        self.sleepUntilNextTick = deadlineSleeper(clock: clock, interval: interval)
        self.now = now
      }

      /// Sleeps until the next tick and returns its date, or `nil` once cancelled.
      public mutating func next() async -> Date? {
        do {
          try await sleepUntilNextTick()
        } catch {
          return nil
        }
        return now()
      }
    }
  }
}

/// Returns a function that sleeps on `clock` until one more `interval` has passed since the first
/// call's start, so ticks never drift.
private func deadlineSleeper<C: Clock<Duration>>(
  clock: C, interval: Duration
) -> @Sendable () async throws -> Void {
  let deadline = Protected<C.Instant?>(nil)
  return {
    let next = deadline.withLock { deadline -> C.Instant in
      let next = (deadline ?? clock.now).advanced(by: interval)
      deadline = next
      return next
    }
    try await clock.sleep(until: next, tolerance: nil)
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

  /// Sleeps until the test has advanced the scheduler by `stride`.
  public func sleep(for stride: SchedulerStride) async throws {
    try await clock.sleep(for: stride.duration)
  }

  /// Ticks every `interval` as the test advances the scheduler.
  public func timer(interval: SchedulerStride) -> MainQueueScheduler.Timer {
    eraseToAnyScheduler().timer(interval: interval)
  }
}

extension DispatchQueue {
  /// A scheduler a test controls, under CombineSchedulers' name: `let mainQueue =
  /// DispatchQueue.test`, `$0.mainQueue = mainQueue.eraseToAnyScheduler()`, `await
  /// mainQueue.advance(by: 1)`.
  public static var test: TestScheduler { TestScheduler() }

  /// A scheduler that runs everything at once, under CombineSchedulers' name.
  public static var immediate: MainQueueScheduler { .immediate }
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
