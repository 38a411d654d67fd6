// Buttons: a label, a role, and a closure whose sends are what tapping it does.

/// The role of a button, as in SwiftUI.
public enum ButtonRole: String, Sendable {
  /// Cancels (an alert's cancel button).
  case cancel
  /// Deletes or does something that cannot be undone.
  case destructive
}

/// A button: tapping it runs its closure, and the actions the closure sends are sent.
nonisolated public struct Button: View, _PrimitiveView {
  let role: ButtonRole?
  let action: () -> Void
  let label: ViewContent

  /// A button labelled `title`.
  public init(_ title: String, role: ButtonRole? = nil, action: @escaping () -> Void) {
    self.role = role
    self.action = action
    self.label = Text(title)._render()
  }

  /// A button whose label is a view (an image, a text and a progress indicator); it is called
  /// by the texts and image names in it.
  public init(
    role: ButtonRole? = nil, action: @escaping () -> Void,
    @ViewBuilder label: () -> ViewContent
  ) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// The button node; what its label shows is inside it.
  public var body: ViewContent {
    var node = ScreenNode(
      kind: .button, label: label.list.labelText, control: .tap(action), role: role?.rawValue)
    switch label.list {
    case .none: break
    case .one(let only): if only.kind == .progress { node.children = [only] }
    case .many(let nodes): node.children = nodes.filter { $0.kind == .progress }
    }
    return ViewContent(node: node)
  }
}
