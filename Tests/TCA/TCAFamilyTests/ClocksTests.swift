// `import Clocks` alone: a timer on a test clock ticks as the test advances it, and ends when its
// task is cancelled.

import Clocks
import ConcurrencyExtras
import Testing

@Test func aTimerOnATestClockTicksAsTheClockAdvances() async {
  let clock = TestClock()
  let ticks = LockIsolated(0)
  let timer = Task {
    for await _ in clock.timer(interval: .seconds(1)) {
      ticks.withValue { $0 += 1 }
    }
  }
  await clock.advance(by: .milliseconds(999))
  #expect(ticks.value == 0)
  await clock.advance(by: .milliseconds(1))
  await clock.advance(by: .seconds(3))
  #expect(ticks.value == 4)
  timer.cancel()
  await timer.value
  await clock.advance(by: .seconds(5))
  #expect(ticks.value == 4)
}

@Test func aTimerOnAClockDependencyTicksThroughTheExistential() async {
  let clock = TestClock()
  let dependency: any Clock<Duration> = clock
  let ticks = LockIsolated(0)
  let timer = Task {
    for await _ in dependency.timer(interval: .seconds(2)) {
      ticks.withValue { $0 += 1 }
    }
  }
  await clock.advance(by: .seconds(5))
  #expect(ticks.value == 2)
  timer.cancel()
  await timer.value
}
