// ViewStore: the state a 1.0–1.3 view observes, and the sends and bindings it makes, as TCA's.

import Composable

/// What a TCA 1.0–1.3 view reads and sends through: the state it observes (and its properties,
/// through dynamic member lookup), `send`, and bindings that send actions.
///
/// Made by ``WithViewStore`` from a store, as in TCA. Headless, it is a snapshot of one
/// rendering: its sends go to the store it was made from.
@dynamicMemberLookup
public final class ViewStore<ViewState, ViewAction> {
  /// The state the view observes.
  public let state: ViewState
  private let sendAction: (ViewAction) -> StoreTask

  /// A view store of `store`, observing what `toViewState` derives from its state.
  public init<State>(
    _ store: Store<State, ViewAction>, observe toViewState: (State) -> ViewState
  ) {
    self.state = toViewState(store.state)
    self.sendAction = { store.send($0) }
  }

  /// A view store of `store`, observing what `toViewState` derives from its state and sending
  /// its own actions, embedded by `fromViewAction`.
  public init<State, Action>(
    _ store: Store<State, Action>, observe toViewState: (State) -> ViewState,
    send fromViewAction: @escaping (ViewAction) -> Action
  ) {
    self.state = toViewState(store.state)
    self.sendAction = { store.send(fromViewAction($0)) }
  }

  /// Reads a property of the observed state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<ViewState, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Sends `action` to the store.
  @discardableResult
  public func send(_ action: ViewAction) -> StoreTask { sendAction(action) }

  /// Sends `action` to the store; headless screens do not animate, so `animation` changes
  /// nothing.
  @discardableResult
  public func send(_ action: ViewAction, animation: Animation?) -> StoreTask {
    sendAction(action)
  }

  /// A binding that reads `get` of the state and sends `valueToAction(value)` when set.
  public func binding<Value>(
    get: @escaping (ViewState) -> Value, send valueToAction: @escaping (Value) -> ViewAction
  ) -> Binding<Value> {
    let state = self.state
    let send = self.sendAction
    return Binding(get: { get(state) }, set: { _ = send(valueToAction($0)) })
  }

  /// A binding that reads `get` of the state and sends `action` when set.
  public func binding<Value>(
    get: @escaping (ViewState) -> Value, send action: ViewAction
  ) -> Binding<Value> {
    binding(get: get, send: { _ in action })
  }

  /// A binding to the whole observed state that sends `valueToAction(value)` when set, as
  /// `viewStore.binding(send: SharedState.Action.selectTab)`.
  public func binding(send valueToAction: @escaping (ViewState) -> ViewAction) -> Binding<
    ViewState
  > {
    binding(get: { $0 }, send: valueToAction)
  }
}
