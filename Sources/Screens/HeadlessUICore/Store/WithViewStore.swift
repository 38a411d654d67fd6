// WithViewStore: a view of the ViewStore a store gives, as TCA 1.0–1.3 views are written.

import Composable

/// Gives `content` a ``ViewStore`` of `store` observing `observe`, as TCA's `WithViewStore`.
nonisolated public struct WithViewStore<ViewState, ViewAction, Content: View>: View {
  let content: Content

  /// The content of `store`'s state as `toViewState` derives it.
  public init<State>(
    _ store: Store<State, ViewAction>, observe toViewState: (State) -> ViewState,
    @ViewBuilder content: (ViewStore<ViewState, ViewAction>) -> Content
  ) {
    self.content = content(ViewStore(store, observe: toViewState))
  }

  /// The content of `store`'s state as `toViewState` derives it, sending its own actions,
  /// embedded by `fromViewAction`.
  public init<State, Action>(
    _ store: Store<State, Action>, observe toViewState: (State) -> ViewState,
    send fromViewAction: @escaping (ViewAction) -> Action,
    @ViewBuilder content: (ViewStore<ViewState, ViewAction>) -> Content
  ) {
    self.content = content(ViewStore(store, observe: toViewState, send: fromViewAction))
  }

  /// The content.
  public var body: Content { return content }
}
