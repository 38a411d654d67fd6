// CombineSchedulers' and Darwin's names that TCA's own tests use, on Linux: `DispatchQueue.test`
// (sleeping and ticking as the test advances it) and `NSEC_PER_SEC`.

import ComposableArchitecture
import Foundation
import Testing

@Test func aTestQueueSleepsUntilTheTestAdvancesIt() async {
  let mainQueue = DispatchQueue.test
  let woke = LockIsolated(false)
  let sleeper = Task {
    try? await mainQueue.sleep(for: .seconds(1))
    woke.setValue(true)
  }
  await mainQueue.advance(by: .milliseconds(500))
  #expect(!woke.value)
  await mainQueue.advance(by: .milliseconds(500))
  await sleeper.value
  #expect(woke.value)
}

@Test func darwinsTimeConstantsAreThere() async throws {
  #expect(NSEC_PER_SEC == 1_000_000_000)
  #expect(NSEC_PER_MSEC * 1_000 == NSEC_PER_SEC)
  try await Task.sleep(nanoseconds: NSEC_PER_SEC / 1_000)
}
