// Store's dynamic members: `store.count` reads observable state, as in TCA 1.7.

extension Store where State: ObservableState {
  /// Reads a property of the state: `store.count` for `store.state.count`, as TCA 1.7's stores
  /// of `@ObservableState` state do.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }
}

extension Store where State: ObservableState, Action: BindableAction, Action.State == State {
  /// Reads a property of the state, and writes it by sending the binding action that sets it:
  /// `store.count = 42` sends `.binding(.set(\.count, 42))`, as TCA 1.7's stores do.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { state[keyPath: keyPath] }
    set { send(.binding(.set(keyPath, newValue))) }
  }
}

extension Store
where
  State: ObservableState, Action: ViewAction, Action.ViewAction: BindableAction,
  Action.ViewAction.State == State
{
  /// Reads a property of the state, and writes it by sending the view's binding action:
  /// `store.name = "Blob"` sends `.view(.binding(.set(\.name, "Blob")))`.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { state[keyPath: keyPath] }
    set { send(.view(.binding(.set(keyPath, newValue)))) }
  }
}
