// The case-key-path forms of Scope, `ifLet`, `ifCaseLet`, `forEach` and `Store.scope`.

import Foundation

// The case-key-path forms of the reducer operators, as TCA 1.4+ writes them:
// `Scope(state: \.child, action: \.child)`, `.ifLet(\.$destination, action: \.destination)`,
// `.forEach(\.path, action: \.path)`. Each resolves its case key paths once, into the same case
// paths the 1.0–1.3 forms take, and builds the same reducer.

extension Scope {
  /// Runs `child` on the state at the key path `toChildState`, for the actions in the case
  /// `toChildAction` names.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: AnyCasePath(toChildAction), child: child)
  }

  /// Runs `child` when the parent's enum state is in the case `toChildState` names.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: AnyCasePath(toChildState), action: AnyCasePath(toChildAction), child: child,
      fileID: fileID, line: line)
  }
}

extension Reducer {
  /// `ifLet` for a `@Presents` child with its reducer.
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    ifLet(
      toPresentationState, action: AnyCasePath(toPresentationAction), destination: destination,
      fileID: fileID, line: line)
  }

  /// `ifLet` for an `@Reducer enum` destination: its cases' reducers, with no closure.
  @inlinable
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.CaseBody>
  where DestinationState.StateReducer.Action == DestinationAction {
    ifLet(
      toPresentationState, action: AnyCasePath(toPresentationAction),
      destination: { DestinationState.StateReducer.body }, fileID: fileID, line: line)
  }

  /// `ifLet` for an alert or dialog, which has no reducer: `.ifLet(\.$alert, action: \.alert)`.
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: AnyCasePath(toPresentationAction),
      destination: { EmptyReducer() }, fileID: fileID, line: line)
  }

  /// `ifLet` for an alert or dialog kept in plain optional state (`@Presents var alert` read
  /// as `\.alert`): it has no reducer, and any action of it dismisses it, as TCA's.
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    ifLet(
      toWrappedState, action: AnyCasePath(toWrappedAction), then: { EmptyReducer() },
      fileID: fileID, line: line)
  }

  /// `ifLet` for a plain optional child.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    ifLet(
      toWrappedState, action: AnyCasePath(toWrappedAction), then: wrapped, fileID: fileID,
      line: line)
  }

  /// `ifCaseLet` with case key paths.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfCaseLetReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction {
    ifCaseLet(
      AnyCasePath(toCaseState), action: AnyCasePath(toCaseAction), then: child, fileID: fileID,
      line: line)
  }

  /// `forEach` for a navigation stack, with the elements' reducer.
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    forEach(
      toStackState, action: AnyCasePath(toStackAction), destination: destination,
      fileID: fileID, line: line)
  }

  /// `forEach` for a stack of an `@Reducer enum Path`: its cases' reducers, with no closure.
  @inlinable
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackReducer<Self, DestinationState.StateReducer.CaseBody>
  where DestinationState.StateReducer.Action == DestinationAction {
    forEach(
      toStackState, action: AnyCasePath(toStackAction),
      destination: { DestinationState.StateReducer.body }, fileID: fileID, line: line)
  }
}

extension Store {
  /// A store for the child at `toChildState`, whose actions embed in the case `toChildAction`
  /// names: `store.scope(state: \.counter, action: \.counter)`.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: AnyCasePath(toChildAction))
  }

  /// A store for optional child state, or `nil` while there is none:
  /// `store.scope(state: \.destination?.addContact, action: \.destination.addContact)`.
  ///
  /// The child store keeps the last child state it saw, so a view that outlives the child (while
  /// it animates away) still reads it, as in TCA.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = withState({ $0[keyPath: toChildState] }) else { return nil }
    let last = LastValue(initial)
    return scope(
      state: { state in last.update(state[keyPath: toChildState]) },
      action: AnyCasePath(toChildAction).embed)
  }
}
