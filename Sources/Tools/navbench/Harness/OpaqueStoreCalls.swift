// Store.send and a direct reduce(into:action:) as calls the optimizer cannot see through.

import Composable

/// Sends `action` to `store`; a call the optimizer cannot see through or hoist.
@inline(never)
func send<State, Action>(_ action: Action, to store: Store<State, Action>) {
  store.send(action)
}

/// Runs `reducer` on `state` for `action` and drops the (empty) effect; the floor of a send.
@inline(never)
func reduceDirectly<R: Reducer>(_ reducer: R, into state: inout R.State, action: R.Action) {
  _ = reducer.reduce(into: &state, action: action)
}
