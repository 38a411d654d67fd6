// Store.send against the same reducer called directly: the comparison most figures make.

import Composable

/// Times `action` sent to `store` against `reducer` called directly on a copy of the store's
/// state, and returns the figure.
///
/// Both sides check, per batch, that every action reached the counter `count` reads: a scope
/// that silently dropped the action would otherwise look fast.
func compareStoreSend<R: Reducer>(
  _ name: String,
  store: Store<R.State, R.Action>,
  reducer: R,
  action: R.Action,
  count: @escaping (R.State) -> Int,
  goal: Double,
  settings: MeasureSettings
) -> Figure {
  let sent = BenchOperation(label: "Store.send") { n in
    let before = count(store.state)
    for _ in 0..<n { send(action, to: store) }
    let after = count(store.state)
    precondition(after &- before == n, "\(name): \(n) sends moved the count by \(after - before)")
    return after
  }
  var savedState = store.state
  let direct = BenchOperation(label: "direct reduce(into:action:)") { n in
    var state = savedState
    defer { savedState = state }
    let before = count(state)
    for _ in 0..<n { reduceDirectly(reducer, into: &state, action: action) }
    let after = count(state)
    precondition(
      after &- before == n, "\(name): \(n) reduces moved the count by \(after - before)")
    return after
  }
  return compare(name, measured: sent, floor: direct, goal: goal, settings: settings)
}
