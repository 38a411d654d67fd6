// Presentations driven by a binding, as SwiftUI and TCA 1.7 write them: `.sheet(item:)` and its
// kin over `$store.scope(state:action:)`, and `.alert`/`.confirmationDialog` over a store binding.

import Composable

extension View {
  /// Presents `content` as `kind` while `item` holds a value; the system's dismissal writes
  /// `nil` to it (which, for a store binding, sends `.dismiss`).
  nonisolated fileprivate func present<Item>(
    _ kind: Screen.Kind, item: Binding<Item?>, onDismiss: (() -> Void)?,
    content: (Item) -> ViewContent
  ) -> ViewContent {
    guard let value = item.wrappedValue else { return _render() }
    return presenting(
      kind,
      dismiss: {
        item.wrappedValue = nil
        onDismiss?()
      }
    ) { content(value) }
  }

  /// Presents `content` in a sheet while `item` holds a value:
  /// `.sheet(item: $store.scope(state: \.addContact, action: \.addContact)) { store in … }`.
  nonisolated public func sheet<Item>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: (Item) -> ViewContent
  ) -> ViewContent {
    present(.sheet, item: item, onDismiss: onDismiss, content: content)
  }

  /// Presents `content` in a popover while `item` holds a value.
  nonisolated public func popover<Item>(
    item: Binding<Item?>, @ViewBuilder content: (Item) -> ViewContent
  ) -> ViewContent {
    present(.popover, item: item, onDismiss: nil, content: content)
  }

  /// Presents `content` over the whole screen while `item` holds a value; it has no system
  /// back.
  nonisolated public func fullScreenCover<Item>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: (Item) -> ViewContent
  ) -> ViewContent {
    present(.fullScreenCover, item: item, onDismiss: onDismiss, content: content)
  }

  /// Drills down to `destination` while `item` holds a value; going back dismisses it.
  nonisolated public func navigationDestination<Item>(
    item: Binding<Item?>, @ViewBuilder destination: (Item) -> ViewContent
  ) -> ViewContent {
    present(.drillDown, item: item, onDismiss: nil, content: destination)
  }

  /// Shows the alert whose store `item` holds:
  /// `.alert($store.scope(state: \.destination?.alert, action: \.destination.alert))`.
  nonisolated public func alert<Action>(_ item: Binding<Store<AlertState<Action>, Action>?>)
    -> ViewContent
  {
    present(.alert, item: item, onDismiss: nil) { store in
      dialogContent(
        title: store.state.title.string, message: store.state.message?.string,
        buttons: store.state.buttons, store: store, dismiss: { item.wrappedValue = nil })
    }
  }

  /// Shows the confirmation dialog whose store `item` holds.
  nonisolated public func confirmationDialog<Action>(
    _ item: Binding<Store<ConfirmationDialogState<Action>, Action>?>
  ) -> ViewContent {
    present(.dialog, item: item, onDismiss: nil) { store in
      dialogContent(
        title: store.state.titleVisibility == .hidden ? nil : store.state.title.string,
        message: store.state.message?.string, buttons: store.state.buttons, store: store,
        dismiss: { item.wrappedValue = nil })
    }
  }

  /// Turns off the system's ways of dismissing the presentation this content is in (a swipe,
  /// a tap outside, going back) while `isDisabled`.
  nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> ViewContent {
    var content = _render()
    if isDisabled { content.isInteractiveDismissDisabled = true }
    return content
  }
}
