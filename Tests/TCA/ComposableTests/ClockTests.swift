import Composable
import Foundation
import Synchronization
import XCTest

/// Runs work as effects of a store, so a test can wait for it exactly (`settle()`) and test
/// clocks know when the tasks they wake have run.
private final class EffectRunner: Sendable {
  struct Work {
    let body: @Sendable () async throws -> Void
  }

  let store = Store(initialState: 0) {
    Reduce<Int, Work> { _, work in
      .run { _ in try await work.body() }
    }
  }

  @discardableResult
  func start(_ body: @escaping @Sendable () async throws -> Void) -> StoreTask {
    store.send(Work(body: body))
  }

  @discardableResult
  func settle() async -> Bool { await store.settle() }
}

/// A list that sleepers append to from their tasks.
private final class Log<Element: Sendable>: Sendable {
  private let storage = Mutex<[Element]>([])
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
  var values: [Element] { storage.withLock { $0 } }
}

final class ClockTests: XCTestCase {
  private typealias Instant = TestClock<Duration>.Instant

  // MARK: - TestClock

  func testSleepersWakeInDeadlineOrderAsTimePassesThem() async {
    let clock = TestClock()
    let runner = EffectRunner()
    let log = Log<Int>()
    for seconds in [3, 1, 2, 5] {
      runner.start {
        try await clock.sleep(for: .seconds(seconds))
        log.append(seconds)
      }
    }
    await runner.settle()
    XCTAssertEqual(clock.sleeperCount, 4)
    XCTAssertEqual(clock.nextDeadline, Instant(offset: .seconds(1)))

    await clock.advance(by: .milliseconds(999))
    XCTAssertEqual(log.values, [], "no sleeper wakes before its deadline")
    XCTAssertEqual(clock.sleeperCount, 4)
    XCTAssertEqual(clock.now, Instant(offset: .milliseconds(999)))

    await clock.advance(by: .milliseconds(1))
    XCTAssertEqual(log.values, [1])
    XCTAssertEqual(clock.sleeperCount, 3)

    await clock.advance(by: .seconds(3))
    XCTAssertEqual(log.values, [1, 2, 3], "woken one deadline at a time, in order")
    XCTAssertEqual(clock.sleeperCount, 1)
    XCTAssertEqual(clock.nextDeadline, Instant(offset: .seconds(5)))
    XCTAssertEqual(clock.now, Instant(offset: .seconds(4)))
  }

  func testAWokenSleeperThatSleepsAgainIsWokenInTheSameAdvance() async {
    let clock = TestClock()
    let runner = EffectRunner()
    let log = Log<Duration>()
    runner.start {
      for _ in 0..<3 {
        try await clock.sleep(for: .seconds(1))
        log.append(clock.now.offset)
      }
    }
    runner.start {
      try await clock.sleep(for: .milliseconds(1_500))
      log.append(clock.now.offset)
    }
    await runner.settle()

    await clock.advance(by: .seconds(10))

    XCTAssertEqual(
      log.values, [.seconds(1), .milliseconds(1_500), .seconds(2), .seconds(3)],
      "each wake-up sees the clock at its own deadline")
    XCTAssertEqual(clock.sleeperCount, 0)
    XCTAssertEqual(clock.now, Instant(offset: .seconds(10)))
  }

  func testAdvanceTo() async {
    let clock = TestClock()
    let runner = EffectRunner()
    let log = Log<Int>()
    for seconds in [1, 2, 5] {
      runner.start {
        try await clock.sleep(until: Instant(offset: .seconds(seconds)), tolerance: nil)
        log.append(seconds)
      }
    }
    await runner.settle()

    await clock.advance(to: Instant(offset: .seconds(2)))
    XCTAssertEqual(log.values, [1, 2])
    XCTAssertEqual(clock.now, Instant(offset: .seconds(2)))

    await clock.advance(to: Instant(offset: .seconds(1)))
    XCTAssertEqual(clock.now, Instant(offset: .seconds(2)), "time never goes back")

    await clock.advance(to: Instant(offset: .seconds(5)))
    XCTAssertEqual(log.values, [1, 2, 5])
  }

  /// The offset a store's history reads without the clock's lock follows `now` as it moves.
  func testOffsetNanosecondsFollowsNow() async {
    let clock = TestClock(now: Instant(offset: .milliseconds(250)))
    XCTAssertEqual(clock.offsetNanoseconds, 250_000_000)
    await clock.advance(by: .seconds(2))
    XCTAssertEqual(clock.offsetNanoseconds, 2_250_000_000)
    clock.advanceBlocking(to: Instant(offset: .seconds(3)), settle: {})
    XCTAssertEqual(clock.offsetNanoseconds, 3_000_000_000)
    let runner = EffectRunner()
    let woke = Mutex<Int64>(-1)
    runner.start {
      try await clock.sleep(until: Instant(offset: .seconds(4)), tolerance: nil)
      woke.withLock { $0 = clock.offsetNanoseconds }
    }
    await runner.settle()
    await clock.advance(to: Instant(offset: .seconds(10)))
    XCTAssertEqual(woke.withLock { $0 }, 4_000_000_000, "a woken sleeper sees its own deadline")
    XCTAssertEqual(clock.offsetNanoseconds, 10_000_000_000)
  }

  func testSleepingUntilThePastWaitsForTheNextAdvance() async throws {
    let clock = TestClock(now: Instant(offset: .seconds(10)))
    let woke = Mutex(0)
    let sleeper = Task {
      try await clock.sleep(until: Instant(offset: .seconds(3)), tolerance: nil)
      woke.withLock { $0 += 1 }
      try await clock.sleep(for: .zero)
      woke.withLock { $0 += 1 }
    }
    let suspended = await eventually { clock.sleeperCount == 1 }
    XCTAssertTrue(suspended, "a sleep until the past waits, as swift-clocks' does")
    XCTAssertEqual(woke.withLock { $0 }, 0)

    await clock.advance()
    try await sleeper.value

    XCTAssertEqual(
      woke.withLock { $0 }, 2, "one advance wakes the sleeper and its zero-length sleep after")
    XCTAssertEqual(clock.now, Instant(offset: .seconds(10)), "and moves no time")
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  func testCancelledSleeperThrowsAndIsRemoved() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    let registered = await eventually { clock.sleeperCount == 1 }
    XCTAssertTrue(registered)

    task.cancel()
    let result = await task.result

    XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    XCTAssertEqual(clock.sleeperCount, 0)
    XCTAssertNil(clock.nextDeadline)
    await clock.advance(by: .seconds(2))
    XCTAssertEqual(clock.now, Instant(offset: .seconds(2)))
  }

  func testSleepingInACancelledTaskThrowsWithoutRegistering() async {
    let clock = TestClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    let result = await task.result
    XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  func testRunDrainsFiniteSleepers() async {
    let clock = TestClock()
    let runner = EffectRunner()
    let log = Log<Duration>()
    runner.start {
      for _ in 0..<3 {
        try await clock.sleep(for: .seconds(1))
        log.append(clock.now.offset)
      }
    }
    runner.start {
      try await clock.sleep(for: .seconds(10))
      log.append(clock.now.offset)
    }
    await runner.settle()

    let cameToRest = await clock.run()

    XCTAssertTrue(cameToRest)
    XCTAssertEqual(log.values, [.seconds(1), .seconds(2), .seconds(3), .seconds(10)])
    XCTAssertEqual(clock.now, Instant(offset: .seconds(10)))
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  func testRunGivesUpOnARepeatingTimer() async {
    let clock = TestClock()
    let runner = EffectRunner()
    let ticks = Log<Duration>()
    let timer = runner.start {
      while true {
        try await clock.sleep(for: .seconds(1))
        ticks.append(clock.now.offset)
      }
    }
    await runner.settle()

    let cameToRest = await clock.run(maximumSteps: 20)

    XCTAssertFalse(cameToRest)
    XCTAssertEqual(ticks.values.count, 20)
    XCTAssertEqual(ticks.values.last, .seconds(20))
    XCTAssertEqual(clock.sleeperCount, 1)
    timer.cancel()
    await timer.finish()
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  // MARK: - ImmediateClock

  func testImmediateClockReturnsAtOnceAndMovesTime() async throws {
    let clock = ImmediateClock()
    XCTAssertEqual(clock.now, ImmediateClock<Duration>.Instant(offset: .zero))

    try await clock.sleep(for: .seconds(5))
    XCTAssertEqual(clock.now, ImmediateClock<Duration>.Instant(offset: .seconds(5)))

    try await clock.sleep(until: clock.now.advanced(by: .seconds(60)), tolerance: nil)
    XCTAssertEqual(clock.now, ImmediateClock<Duration>.Instant(offset: .seconds(65)))

    try await clock.sleep(until: ImmediateClock<Duration>.Instant(offset: .seconds(1)))
    XCTAssertEqual(clock.now, ImmediateClock<Duration>.Instant(offset: .seconds(65)))
  }

  func testImmediateClockThrowsWhenCancelled() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    let result = await task.result
    XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    XCTAssertEqual(clock.now, ImmediateClock<Duration>.Instant(offset: .zero))
  }

  // MARK: - MainQueueScheduler

  func testTimerOnATestSchedulerTicksOncePerInterval() async {
    let scheduler = TestScheduler()
    let mainQueue = scheduler.eraseToAnyScheduler()
    let runner = EffectRunner()
    let ticks = Log<Duration>()
    let timer = runner.start {
      for await _ in mainQueue.timer(interval: 1) { ticks.append(scheduler.clock.now.offset) }
    }
    await runner.settle()

    await scheduler.advance(by: 0.5)
    XCTAssertEqual(ticks.values, [], "no tick before the first interval")
    await scheduler.advance(by: 0.5)
    XCTAssertEqual(ticks.values, [.seconds(1)])
    await scheduler.advance(by: 4)
    XCTAssertEqual(ticks.values, [1, 2, 3, 4, 5].map { Duration.seconds($0) })
    await scheduler.advance(by: .milliseconds(999))
    XCTAssertEqual(ticks.values.count, 5)
    await scheduler.advance(by: .milliseconds(10_001))
    XCTAssertEqual(ticks.values.count, 16, "exactly one tick per second advanced")

    timer.cancel()
    await timer.finish()
    await scheduler.advance(by: 5)
    XCTAssertEqual(ticks.values.count, 16, "no tick after the consumer is cancelled")
  }

  func testTimerDeliversTheSchedulersDate() async {
    let date = Date(timeIntervalSince1970: 1_000)
    let clock = TestClock()
    let mainQueue = MainQueueScheduler(clock: clock, now: { date })
    let runner = EffectRunner()
    let dates = Log<Date>()
    let timer = runner.start {
      for await tick in mainQueue.timer(interval: .milliseconds(250)) { dates.append(tick) }
    }
    await runner.settle()

    await clock.advance(by: .seconds(1))

    XCTAssertEqual(dates.values, [date, date, date, date])
    timer.cancel()
    await timer.finish()
  }

  func testSchedulerSleepWaitsForItsStride() async {
    let scheduler = TestScheduler()
    let mainQueue = scheduler.eraseToAnyScheduler()
    let runner = EffectRunner()
    let log = Log<Duration>()
    runner.start {
      try await mainQueue.sleep(for: 2)
      log.append(scheduler.clock.now.offset)
    }
    await runner.settle()

    await scheduler.advance(by: 1)
    XCTAssertEqual(log.values, [])
    await scheduler.advance(by: 1)
    XCTAssertEqual(log.values, [.seconds(2)])
  }

  func testImmediateScheduler() async throws {
    let immediate = MainQueueScheduler.immediate
    try await immediate.sleep(for: 1_000)

    var ticks = 0
    for await _ in immediate.timer(interval: 60) {
      ticks += 1
      if ticks == 3 { break }
    }
    XCTAssertEqual(ticks, 3)
  }

  // MARK: - Unimplemented clocks

  func testUnimplementedClockReportsWhenSleptOn() async {
    let warnings = Warnings()
    let task = withDependencies {
      $0.issueReporter = warnings.reporter
    } operation: {
      Task { try await UnimplementedClock("myClock").sleep(for: .seconds(1)) }
    }
    let reported = await eventually { warnings.messages.count == 1 }

    XCTAssertTrue(reported)
    XCTAssertTrue(warnings.messages.first?.hasPrefix("Unimplemented: myClock.sleep") == true)
    task.cancel()
    let result = await task.result
    XCTAssertThrowsError(try result.get(), "it waits until cancelled")
    XCTAssertEqual(warnings.messages.count, 1)
  }

  func testClockDependenciesAreUnimplementedUnderTest() async {
    let warnings = Warnings()
    let test = DependencyValues(context: .test)
    XCTAssertTrue(test.continuousClock is UnimplementedClock)
    XCTAssertTrue(test.suspendingClock is UnimplementedClock)
    XCTAssertTrue(DependencyValues(context: .live).continuousClock is ContinuousClock)

    let task = withDependencies {
      $0 = test
      $0.issueReporter = warnings.reporter
    } operation: {
      Task {
        @Dependency(\.mainQueue) var mainQueue
        try await mainQueue.sleep(for: 1)
      }
    }
    let reported = await eventually { warnings.messages.count == 1 }

    XCTAssertTrue(reported)
    XCTAssertTrue(
      warnings.messages.first?.hasPrefix("Unimplemented: mainQueue.sleep") == true,
      "\(warnings.messages)")
    task.cancel()
    _ = await task.result
  }
}
