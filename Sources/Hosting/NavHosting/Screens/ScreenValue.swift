// The navigation tree in the value model: what `app:screen()` returns to Lua and `screen.get`
// sends as JSON.

import HeadlessUICore
import NavValue

extension NavigationTree {
  /// The tree as a value: the root screen's table, with `frontmost` (the frontmost screen's
  /// table again), `trail` (the names of the screens from the root to it) and `text` (the
  /// outline `navctl screen` prints).
  ///
  /// With views that keep state of their own, `view_state` holds it by view identity and
  /// property name, as `app:view_state()` gives it.
  ///
  /// A screen is `{kind, name, title?, id?, frontmost, nodes, stack?, overlay?, presented?}`; a
  /// node is `{kind, label, value?, role?, enabled, selected?, children?}`.
  public var value: DataValue {
    guard case .object(var fields) = Self.value(of: root) else { return .null }
    fields["frontmost"] = Self.value(of: frontmost)
    fields["trail"] = .array(trail.map { .string($0.name) })
    fields["text"] = .string(outline)
    if !viewState.isEmpty { fields["view_state"] = ViewStateValue.table(viewState) }
    return .object(fields)
  }

  static func value(of screen: Screen) -> DataValue {
    var fields: [String: DataValue] = [
      "kind": .string(screen.kind.rawValue),
      "name": .string(screen.name),
      "is_frontmost": .bool(screen.isFrontmost),
      "nodes": .array(screen.nodes.map(value(of:))),
    ]
    if let title = screen.title { fields["title"] = .string(title) }
    if let id = screen.id { fields["id"] = .integer(id.generation) }
    if !screen.stack.isEmpty {
      fields["stack"] = .array(screen.stack.map(value(of:)))
    }
    if !screen.overlay.isEmpty {
      fields["overlay"] = .array(screen.overlay.map(value(of:)))
    }
    if !screen.presented.isEmpty {
      fields["presented"] = .array(screen.presented.map(value(of:)))
    }
    return .object(fields)
  }

  static func value(of node: ScreenNode) -> DataValue {
    var fields: [String: DataValue] = [
      "kind": .string(node.kind.rawValue),
      "label": .string(node.label),
    ]
    if let value = node.value { fields["value"] = .string(value) }
    if let role = node.role { fields["role"] = .string(role) }
    if node.isTappable || node.isTypable { fields["enabled"] = .bool(node.isEnabled) }
    if node.kind == .option { fields["selected"] = .bool(node.isSelected) }
    if !node.children.isEmpty {
      fields["children"] = .array(node.children.map(value(of:)))
    }
    return .object(fields)
  }
}
