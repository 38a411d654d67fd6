// The test store's send as Swift 6 tests await it against its synchronous driver.

import ComposableArchitecture
import Dispatch

/// A test store, handed to the task that awaits its sends.
private struct UncheckedTestStore: @unchecked Sendable {
  let store: TestStore<PlainTally.State, PlainTally.Action>
}

extension FamilyBenchmark {
  static func testStoreFigure(settings: MeasureSettings, including: (String) -> Bool) -> Figure? {
    let name = "TestStore send, Swift 6 (await)"
    guard including(name) else { return nil }
    let awaited = UncheckedTestStore(
      store: TestStore(initialState: PlainTally.State()) { PlainTally() })
    let blocking = TestStore(initialState: PlainTally.State()) { PlainTally() }
    let location = SourceLocation(file: #filePath, line: #line)
    return compare(
      name,
      measured: BenchOperation(label: "await store.send") { n in
        let done = DispatchSemaphore(value: 0)
        Task {
          for _ in 0..<n { await awaited.store.send(.increment) { $0.count &+= 1 } }
          done.signal()
        }
        done.wait()
        return awaited.store.state.count
      },
      floor: BenchOperation(label: "sendBlocking") { n in
        for _ in 0..<n {
          blocking.sendBlocking(.increment, assert: { $0.count &+= 1 }, location: location)
        }
        return blocking.state.count
      },
      goal: testStoreGoal, settings: settings)
  }
}
