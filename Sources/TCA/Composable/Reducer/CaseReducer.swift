// CaseReducer: an enum of features, written `@Reducer enum`, with its state and `store.case`.

/// A reducer that is an enum of features, written with `@Reducer enum Destination { … }`.
///
/// Its state and actions are enums with a case per feature, and its `static var body` scopes
/// each case to its feature, so a parent writes `.ifLet(\.$destination, action: \.destination)`
/// with no closure and a view switches on `store.case`.
public protocol CaseReducer<State, Action>: Reducer where State: CaseReducerState {
  /// The type of the static body.
  associatedtype CaseBody: Reducer<State, Action>
  /// The stores of each case, for `switch store.case`.
  associatedtype CaseScope

  /// Each case scoped to its feature.
  static var body: CaseBody { get }

  /// The store of the case `store`'s state is in.
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

/// The state of a ``CaseReducer``, which names its reducer.
public protocol CaseReducerState {
  /// The enum reducer whose state this is.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Store where State: CaseReducerState, State.StateReducer.Action == Action {
  /// The store of the case the state is in: `switch store.case { case .addContact(let store): … }`.
  public var `case`: State.StateReducer.CaseScope { State.StateReducer.scope(self) }
}
