// EmptyReducer: a reducer that does nothing, for empty bodies and placeholders.

/// A reducer that does nothing, for empty bodies and placeholders.
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates the reducer.
  @inlinable
  public init() {}

  /// Leaves state alone and returns no effect.
  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> { .none }
}
