// What a view presents over itself — sheets, popovers, drill-downs, alerts, dialogs — driven by a
// store of `PresentationState`, as TCA 1.3's view modifiers are.

import Composable

/// One thing a view presents while its state is not nil.
struct Presentation {
  /// How it is presented: the kind of screen it becomes (a sheet, a drill-down, an alert, …).
  var kind: Screen.Kind
  /// What it shows.
  var content: ViewContent
  /// Sends what dismisses it (the presentation's `.dismiss`), as the system does when the user
  /// swipes it away, taps outside it, or goes back.
  var dismiss: () -> Void

  /// Whether the system offers a way back out (a swipe, a tap outside, the back gesture): not
  /// for a full-screen cover, nor for content marked `.interactiveDismissDisabled()`; only the
  /// presentation's own controls lead out of those, as on iOS.
  var hasSystemBack: Bool {
    kind != .fullScreenCover && !content.isInteractiveDismissDisabled
  }
}

extension View {
  /// Presents `content` as `kind` while `store`'s state is in `toDestination`'s case.
  nonisolated fileprivate func present<State, Action, DestinationState, DestinationAction>(
    _ kind: Screen.Kind,
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestination: (State) -> DestinationState?,
    action fromDestination: @escaping (DestinationAction) -> Action,
    content: (Store<DestinationState, DestinationAction>) -> ViewContent
  ) -> ViewContent {
    guard let state = store.state.wrappedValue, let destination = toDestination(state) else {
      return _render()
    }
    let child = store.scope(
      state: { _ in destination }, action: { PresentationAction.presented(fromDestination($0)) })
    return presenting(kind, dismiss: { store.send(.dismiss) }) { content(child) }
  }

  /// This view with `content` presented over it as `kind`, dismissed by `dismiss`: what every
  /// presentation modifier, over a store or over a binding, comes down to.
  nonisolated func presenting(
    _ kind: Screen.Kind, dismiss: @escaping () -> Void, content: () -> ViewContent
  ) -> ViewContent {
    var presenting = _render()
    // A sheet, popover, cover, alert or dialog is a navigation context of its own: links in it
    // do not push onto a stack behind it. A drill-down is pushed onto the enclosing stack.
    // Views on the presented screen see themselves presented, and `dismiss()` dismisses it.
    let presented: ViewContent
    if let pass = RenderPass.current {
      nonisolated(unsafe) let dismiss = dismiss
      presented = pass.withEnvironment({
        $0.isPresented = true
        $0.dismiss = DismissAction(dismiss: { dismiss() })
      }) {
        kind == .drillDown ? content() : StackContext.$current.withValue(nil, operation: content)
      }
    } else {
      presented =
        kind == .drillDown ? content() : StackContext.$current.withValue(nil, operation: content)
    }
    presenting.presentations.append(Presentation(kind: kind, content: presented, dismiss: dismiss))
    return presenting
  }

  // MARK: - Sheets, popovers, covers, drill-downs

  /// Presents `content` in a sheet while `store`'s destination is in the case `state`.
  nonisolated public func sheet<State, Action, DestinationState, DestinationAction>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestination: CasePath<State, DestinationState>,
    action fromDestination: @escaping (DestinationAction) -> Action,
    @ViewBuilder content: (Store<DestinationState, DestinationAction>) -> ViewContent
  ) -> ViewContent {
    present(
      .sheet, store: store, state: toDestination.extract(from:), action: fromDestination,
      content: content)
  }

  /// Presents `content` in a sheet while `store`'s state is not nil.
  nonisolated public func sheet<State, Action>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    @ViewBuilder content: (Store<State, Action>) -> ViewContent
  ) -> ViewContent {
    present(.sheet, store: store, state: { $0 }, action: { $0 }, content: content)
  }

  /// Presents `content` in a popover while `store`'s destination is in the case `state`.
  nonisolated public func popover<State, Action, DestinationState, DestinationAction>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestination: CasePath<State, DestinationState>,
    action fromDestination: @escaping (DestinationAction) -> Action,
    @ViewBuilder content: (Store<DestinationState, DestinationAction>) -> ViewContent
  ) -> ViewContent {
    present(
      .popover, store: store, state: toDestination.extract(from:), action: fromDestination,
      content: content)
  }

  /// Presents `content` in a popover while `store`'s state is not nil.
  nonisolated public func popover<State, Action>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    @ViewBuilder content: (Store<State, Action>) -> ViewContent
  ) -> ViewContent {
    present(.popover, store: store, state: { $0 }, action: { $0 }, content: content)
  }

  /// Presents `content` over the whole screen while `store`'s destination is in the case
  /// `state`.
  nonisolated public func fullScreenCover<State, Action, DestinationState, DestinationAction>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestination: CasePath<State, DestinationState>,
    action fromDestination: @escaping (DestinationAction) -> Action,
    @ViewBuilder content: (Store<DestinationState, DestinationAction>) -> ViewContent
  ) -> ViewContent {
    present(
      .fullScreenCover, store: store, state: toDestination.extract(from:),
      action: fromDestination, content: content)
  }

  /// Presents `content` over the whole screen while `store`'s state is not nil.
  nonisolated public func fullScreenCover<State, Action>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    @ViewBuilder content: (Store<State, Action>) -> ViewContent
  ) -> ViewContent {
    present(.fullScreenCover, store: store, state: { $0 }, action: { $0 }, content: content)
  }

  /// Drills down to `content` (pushes it onto the enclosing navigation) while `store`'s
  /// destination is in the case `state`; going back dismisses it.
  nonisolated public func navigationDestination<State, Action, DestinationState, DestinationAction>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestination: CasePath<State, DestinationState>,
    action fromDestination: @escaping (DestinationAction) -> Action,
    @ViewBuilder destination: (Store<DestinationState, DestinationAction>) -> ViewContent
  ) -> ViewContent {
    present(
      .drillDown, store: store, state: toDestination.extract(from:), action: fromDestination,
      content: destination)
  }

  /// Drills down to `destination` while `store`'s state is not nil.
  nonisolated public func navigationDestination<State, Action>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    @ViewBuilder destination: (Store<State, Action>) -> ViewContent
  ) -> ViewContent {
    present(.drillDown, store: store, state: { $0 }, action: { $0 }, content: destination)
  }

  // MARK: - Alerts and dialogs

  /// Shows the alert `store` holds while it is not nil.
  nonisolated public func alert<Action>(
    store: Store<PresentationState<AlertState<Action>>, PresentationAction<Action>>
  ) -> ViewContent {
    alert(store: store, state: { $0 }, action: { $0 })
  }

  /// Shows the alert in `store`'s destination while it is in the case `state`.
  nonisolated public func alert<State, Action, AlertAction>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toAlert: CasePath<State, AlertState<AlertAction>>,
    action fromAlert: @escaping (AlertAction) -> Action
  ) -> ViewContent {
    alert(store: store, state: toAlert.extract(from:), action: fromAlert)
  }

  nonisolated private func alert<State, Action, AlertAction>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toAlert: (State) -> AlertState<AlertAction>?,
    action fromAlert: @escaping (AlertAction) -> Action
  ) -> ViewContent {
    present(.alert, store: store, state: toAlert, action: fromAlert) { child in
      dialogContent(
        title: child.state.title.string, message: child.state.message?.string,
        buttons: child.state.buttons, store: child, dismiss: { store.send(.dismiss) })
    }
  }

  /// Shows the confirmation dialog `store` holds while it is not nil.
  nonisolated public func confirmationDialog<Action>(
    store: Store<
      PresentationState<ConfirmationDialogState<Action>>, PresentationAction<Action>
    >
  ) -> ViewContent {
    confirmationDialog(store: store, state: { $0 }, action: { $0 })
  }

  /// Shows the confirmation dialog in `store`'s destination while it is in the case `state`.
  nonisolated public func confirmationDialog<State, Action, DialogAction>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDialog: CasePath<State, ConfirmationDialogState<DialogAction>>,
    action fromDialog: @escaping (DialogAction) -> Action
  ) -> ViewContent {
    confirmationDialog(store: store, state: toDialog.extract(from:), action: fromDialog)
  }

  nonisolated private func confirmationDialog<State, Action, DialogAction>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDialog: (State) -> ConfirmationDialogState<DialogAction>?,
    action fromDialog: @escaping (DialogAction) -> Action
  ) -> ViewContent {
    present(.dialog, store: store, state: toDialog, action: fromDialog) { child in
      dialogContent(
        title: child.state.titleVisibility == .hidden ? nil : child.state.title.string,
        message: child.state.message?.string, buttons: child.state.buttons, store: child,
        dismiss: { store.send(.dismiss) })
    }
  }
}

/// An alert's or dialog's screen: its message, then a button per `ButtonState`.
///
/// A button without an action only dismisses; an alert without buttons gets SwiftUI's "OK",
/// which dismisses.
func dialogContent<State, Action>(
  title: String?, message: String?, buttons: [ButtonState<Action>],
  store: Store<State, Action>, dismiss: @escaping () -> Void
) -> ViewContent {
  var nodes: [ScreenNode] = []
  if let message { nodes.append(ScreenNode(kind: .text, label: message)) }
  for button in buttons {
    let tap: () -> Void
    if let action = button.action {
      tap = { store.send(action) }
    } else {
      tap = dismiss
    }
    nodes.append(
      ScreenNode(
        kind: .button, label: button.label.string, control: .tap(tap), role: button.role?.rawValue))
  }
  if buttons.isEmpty {
    nodes.append(ScreenNode(kind: .button, label: "OK", control: .tap(dismiss), role: "cancel"))
  }
  var content = ViewContent(nodes: nodes)
  content.title = title
  return content
}
