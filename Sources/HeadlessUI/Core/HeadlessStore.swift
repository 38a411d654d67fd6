// The store a headless view reads and sends through: a state snapshot and the way its actions
// reach the root feature.

import Composable

/// What a headless view holds instead of a `Store`: the state to show, and how its actions become
/// the root feature's.
///
/// It has the parts of TCA's `Store` and `ViewStore` that views use — `state` (and its
/// properties, through dynamic member lookup), `send`, `scope(state:action:)`, `binding` — so
/// headless views read like the seeds' SwiftUI views. `send` does not send: called from a
/// control's closure while the control is used, it records the action, which the session then
/// sends through its store. A view is a function of its state; nothing it renders changes a store.
@dynamicMemberLookup
public struct HeadlessStore<State, Action> {
  /// The state the view shows.
  public let state: State
  let embed: (Action) -> RootAction

  /// Creates the root store of a rendering: `state`, whose actions are the root feature's.
  public init(rootState state: State) {
    self.state = state
    self.embed = { RootAction($0) }
  }

  init(state: State, embed: @escaping (Action) -> RootAction) {
    self.state = state
    self.embed = embed
  }

  /// Reads a property of the state, as a `ViewStore` does.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Sends `action` when called from a control's closure while the control is used.
  ///
  /// Called anywhere else (while rendering), it reports a runtime warning and sends nothing:
  /// rendering a view must not change the store.
  public func send(_ action: Action) {
    guard let recorder = ActionRecorder.current else {
      RuntimeWarning.report(
        "A headless view sent an action while rendering; only a control's closure may send. "
          + "Action: \(action)")
      return
    }
    recorder.actions.append(embed(action))
  }

  /// The store of a child feature: part of the state, whose actions are embedded in this one's.
  public func scope<ChildState, ChildAction>(
    state toChildState: (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> HeadlessStore<ChildState, ChildAction> {
    let embed = self.embed
    return HeadlessStore<ChildState, ChildAction>(
      state: toChildState(state), embed: { embed(fromChildAction($0)) })
  }

  /// The store of a child feature whose action is one case of this one's (TCA 1.0's
  /// `scope(state:action:)` with a case path).
  public func scope<ChildState, ChildAction>(
    state toChildState: (State) -> ChildState,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> HeadlessStore<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction.embed)
  }

  /// A binding that reads `get` from the state and sends `send(value)` when set.
  public func binding<Value>(
    get: (State) -> Value, send action: @escaping (Value) -> Action
  ) -> Binding<Value> {
    let send = self.send
    return Binding(wrappedValue: get(state)) { send(action($0)) }
  }

  /// A binding to the whole state that sends `send(value)` when set (a `ViewStore` observing
  /// one value, as `viewStore.binding(send: SharedState.Action.selectTab)`).
  public func binding(send action: @escaping (State) -> Action) -> Binding<State> {
    binding(get: { $0 }, send: action)
  }
}

/// The store of a view of feature `R`.
public typealias HeadlessStoreOf<R: Reducer> = HeadlessStore<R.State, R.Action>

/// A value a control shows and changes: a text field's text, a picker's selection.
public struct Binding<Value> {
  /// The value shown.
  public let wrappedValue: Value
  let set: (Value) -> Void

  /// Creates a binding showing `wrappedValue` that calls `set` when changed.
  public init(wrappedValue: Value, set: @escaping (Value) -> Void) {
    self.wrappedValue = wrappedValue
    self.set = set
  }
}

/// Gives `content` the store `store` observes through `observe`, as TCA's `WithViewStore`.
public func WithViewStore<State, Action, ViewState>(
  _ store: HeadlessStore<State, Action>, observe: (State) -> ViewState,
  @ViewBuilder content: (HeadlessStore<ViewState, Action>) -> ViewContent
) -> ViewContent {
  content(store.scope(state: observe, action: { $0 }))
}
