// EditButton: the button that turns a list's edit mode on and off.

/// The button that switches the edit mode of the list around it, as SwiftUI's `EditButton`:
/// "Edit", or "Done" while editing.
///
/// It works through the environment's `editMode`, which is often set on a view around the
/// list after the button is declared (`.environment(\.editMode, $store.editMode)`): the
/// environment modifier hands its binding to the buttons inside it that had none.
nonisolated public struct EditButton: View, _PrimitiveView {
  let editMode: Binding<EditMode>?

  /// The button.
  public init() { editMode = RenderPass.current?.environment.editMode }

  /// The button node.
  public var body: ViewContent { ViewContent(node: Self.node(editMode)) }

  /// The button for `editMode`: "Done" while editing, else "Edit"; it toggles the mode.
  static func node(_ editMode: Binding<EditMode>?) -> ScreenNode {
    let isEditing = editMode?.wrappedValue.isEditing ?? false
    var node = ScreenNode(
      kind: .button, label: isEditing ? "Done" : "Edit",
      control: .tap({
        guard let editMode else { return }
        editMode.wrappedValue = editMode.wrappedValue.isEditing ? .inactive : .active
      }))
    node.tag = AnyHashable(EditButtonMarker(isConnected: editMode != nil))
    return node
  }
}

/// Marks an edit button's node, so an environment set around it later can reach it.
struct EditButtonMarker: Hashable {
  /// Whether the button has an edit mode to switch.
  let isConnected: Bool
}

extension ViewContent {
  /// The content with the edit buttons inside given `editMode`.
  func connectingEditButtons(to editMode: Binding<EditMode>?) -> ViewContent {
    mapNodes { node in
      guard node.kind == .button, node.tag == AnyHashable(EditButtonMarker(isConnected: false))
      else { return }
      node = EditButton.node(editMode)
    }
  }
}
