// Presentations driven by a `Bool` binding, as SwiftUI writes them: `.sheet(isPresented:)` and
// its kin, and the alerts and dialogs made of views.

extension View {
  /// Presents `content` as `kind` while `isPresented` is true; the system's dismissal sets it
  /// to false.
  nonisolated func present(
    _ kind: Screen.Kind, isPresented: Binding<Bool>, onDismiss: (() -> Void)?,
    content: () -> ViewContent
  ) -> ViewContent {
    guard isPresented.wrappedValue else { return _render() }
    return presenting(
      kind,
      dismiss: {
        isPresented.wrappedValue = false
        onDismiss?()
      }, content: content)
  }

  /// Presents `content` in a sheet while `isPresented` is true.
  nonisolated public func sheet(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: () -> ViewContent
  ) -> ViewContent {
    present(.sheet, isPresented: isPresented, onDismiss: onDismiss, content: content)
  }

  /// Presents `content` over the whole screen while `isPresented` is true; it has no system
  /// back.
  nonisolated public func fullScreenCover(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: () -> ViewContent
  ) -> ViewContent {
    present(.fullScreenCover, isPresented: isPresented, onDismiss: onDismiss, content: content)
  }

  /// Presents `content` in a popover while `isPresented` is true.
  nonisolated public func popover(
    isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    arrowEdge: Edge = .top, @ViewBuilder content: () -> ViewContent
  ) -> ViewContent {
    present(.popover, isPresented: isPresented, onDismiss: nil, content: content)
  }

  /// Drills down to `destination` while `isPresented` is true; going back sets it to false.
  nonisolated public func navigationDestination(
    isPresented: Binding<Bool>, @ViewBuilder destination: () -> ViewContent
  ) -> ViewContent {
    present(.drillDown, isPresented: isPresented, onDismiss: nil, content: destination)
  }

  /// Shows an alert titled `title` while `isPresented` is true: its `actions` are its buttons,
  /// `message` its text; a button dismisses it after its action.
  nonisolated public func alert(
    _ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> ViewContent,
    @ViewBuilder message: () -> ViewContent = { ViewContent() }
  ) -> ViewContent {
    presentDialog(
      .alert, title: title, isPresented: isPresented, actions: actions, message: message)
  }

  /// Shows a confirmation dialog titled `title` while `isPresented` is true.
  nonisolated public func confirmationDialog(
    _ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> ViewContent,
    @ViewBuilder message: () -> ViewContent = { ViewContent() }
  ) -> ViewContent {
    presentDialog(
      .dialog, title: titleVisibility == .hidden ? nil : title, isPresented: isPresented,
      actions: actions, message: message)
  }

  nonisolated private func presentDialog(
    _ kind: Screen.Kind, title: String?, isPresented: Binding<Bool>,
    actions: () -> ViewContent, message: () -> ViewContent
  ) -> ViewContent {
    present(kind, isPresented: isPresented, onDismiss: nil) {
      let dismiss = { isPresented.wrappedValue = false }
      var buttons = actions().list.array.map { node -> ScreenNode in
        guard node.kind == .button, case .tap(let action)? = node.control else { return node }
        var button = node
        button.control = .tap({
          action()
          dismiss()
        })
        return button
      }
      if !buttons.contains(where: { $0.kind == .button }) {
        buttons.append(
          ScreenNode(kind: .button, label: "OK", control: .tap(dismiss), role: "cancel"))
      }
      var content = ViewContent(nodes: message().nodes + buttons)
      content.title = title
      return content
    }
  }
}

/// Whether something is shown, as SwiftUI's `Visibility`.
public enum Visibility: Hashable, Sendable, CaseIterable {
  /// As the platform decides.
  case automatic
  /// Shown.
  case visible
  /// Hidden.
  case hidden
}

/// Where a popover points, as SwiftUI's `PopoverAttachmentAnchor`.
public enum PopoverAttachmentAnchor: Sendable {
  /// A rectangle of the view.
  case rect(Anchor)
  /// A point of the view.
  case point(UnitPoint)

  /// A rectangle of a view.
  public enum Anchor: Sendable {
    /// The view's bounds.
    case bounds
  }
}
