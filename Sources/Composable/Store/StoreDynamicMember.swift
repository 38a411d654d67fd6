// Store's dynamic members: `store.count` reads observable state, as in TCA 1.7.

extension Store where State: ObservableState {
  /// Reads a property of the state: `store.count` for `store.state.count`, as TCA 1.7's stores
  /// of `@ObservableState` state do.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }
}
