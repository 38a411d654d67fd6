// Reducer.onChange(of:): a reducer that runs when a value of the state changes.

extension Reducer {
  /// This reducer, then `reducer` whenever the value `toValue` reads from the state changed:
  /// `reducer` gets the old and the new value.
  ///
  /// ```swift
  /// BindingReducer()
  ///   .onChange(of: \.searchText) { _, newValue in
  ///     Reduce { state, _ in
  ///       state.results = []
  ///       return .send(.search(newValue))
  ///     }
  ///   }
  /// ```
  public func onChange<Value: Equatable, Body: Reducer<State, Action>>(
    of toValue: @escaping (_ state: State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Body
  ) -> OnChangeReducer<Self, Value, Body> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// ``onChange(of:_:)`` with changes told apart by `isDuplicate` rather than `==`.
  public func onChange<Value, Body: Reducer<State, Action>>(
    of toValue: @escaping (_ state: State) -> Value,
    removeDuplicates isDuplicate: @escaping (_ lhs: Value, _ rhs: Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Body
  ) -> OnChangeReducer<Self, Value, Body> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// A reducer that runs its base, then another reducer when a value of the state changed
/// (``Reducer/onChange(of:_:)``).
public struct OnChangeReducer<Base: Reducer, Value, Body: Reducer>: Reducer
where Body.State == Base.State, Body.Action == Base.Action {
  let base: Base
  let toValue: (Base.State) -> Value
  let isDuplicate: (Value, Value) -> Bool
  let reducer: (Value, Value) -> Body

  /// Runs the base; when the value changed, runs the change's reducer too, and merges their
  /// effects.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effects = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return effects }
    return .merge(effects, reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
