// BindableAction, an action enum with a binding case, and BindingReducer, which applies it.

/// An action enum with a case for bindings: `case binding(BindingAction<State>)`.
///
/// The case itself satisfies ``binding(_:)``; ``BindingReducer`` finds it from there.
public protocol BindableAction {
  /// The state the bindings set.
  associatedtype State

  /// The action carrying `action`: the enum's `binding` case.
  static func binding(_ action: BindingAction<State>) -> Self
}

/// A reducer that applies the binding actions of a ``BindableAction``: put it first in `body`.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in … }
/// }
/// ```
public struct BindingReducer<State, Action: BindableAction>: Reducer
where Action.State == State {
  private let toBindingAction: CasePath<Action, BindingAction<State>>

  /// Applies every binding action of `Action`.
  public init() { self.toBindingAction = /Action.binding }

  /// Sets the property a binding action names; other actions pass through.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBindingAction.extract(from: action)?.set(&state)
    return .none
  }
}
