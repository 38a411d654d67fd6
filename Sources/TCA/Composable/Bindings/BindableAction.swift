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
///
/// With view actions (`@ViewAction`), the bindings are the view's: `BindingReducer(action: \.view)`.
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where ViewAction.State == State {
  private let toViewAction: (Action) -> ViewAction?
  private let toBindingAction: CasePath<ViewAction, BindingAction<State>>

  /// Applies every binding action of `Action`.
  public init() where Action == ViewAction {
    self.toViewAction = { $0 }
    self.toBindingAction = /ViewAction.binding
  }

  /// Applies the binding actions of the view actions `toViewAction` names: `\.view`.
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) {
    self.toViewAction = AnyCasePath(toViewAction).extract
    self.toBindingAction = /ViewAction.binding
  }

  /// Sets the property a binding action names; other actions pass through.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let viewAction = toViewAction(action) else { return .none }
    toBindingAction.extract(from: viewAction)?.set(&state)
    return .none
  }
}

extension BindableAction {
  /// The binding action that sets the state's `keyPath` to `value`: `.send(.set(\.isOn, true))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
