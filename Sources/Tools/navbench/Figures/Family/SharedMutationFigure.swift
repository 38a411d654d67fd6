// An action changing @Shared(.inMemory) state against the same action changing a plain field,
// both sent to a store.

import ComposableArchitecture

extension FamilyBenchmark {
  static func sharedFigure(settings: MeasureSettings, including: (String) -> Bool) -> Figure? {
    let name = "@Shared withLock in a reducer (Store.send)"
    guard including(name) else { return nil }
    let shared = Store(initialState: SharedTally.State()) { SharedTally() }
    let plain = Store(initialState: PlainTally.State()) { PlainTally() }
    return compare(
      name,
      measured: BenchOperation(label: "@Shared(.inMemory) count") { n in
        let before = shared.count
        for _ in 0..<n { send(.increment, to: shared) }
        precondition(shared.count &- before == n, "\(name): the shared count did not move")
        return shared.count
      },
      floor: BenchOperation(label: "plain count") { n in
        let before = plain.count
        for _ in 0..<n { send(.increment, to: plain) }
        precondition(plain.count &- before == n, "\(name): the plain count did not move")
        return plain.count
      },
      goal: sharedGoal, settings: settings)
  }
}
