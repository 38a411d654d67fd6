// `@Reducer` on a struct whose body is a stored value: its types are the body's, and the macro
// makes no empty `State` or `Action` beside them, as TCA's does not.

import ComposableArchitecture
import Testing

@Reducer
private struct Silent {
  let body = EmptyReducer<Int, String>()
}

@Test func aStoredBodyGivesTheReducerItsTypes() {
  let reducer = Silent()
  var state = 41
  let effect = reducer.reduce(into: &state, action: "ignored")
  #expect(state == 41)
  #expect(Silent.State.self == Int.self)
  _ = effect
}
