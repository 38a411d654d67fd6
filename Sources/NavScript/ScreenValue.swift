// The navigation tree in the value model: what `app:screen()` returns to Lua and `screen.get`
// sends as JSON.

import HeadlessUI
import LuaBridge

extension NavigationTree {
  /// The tree as a value: the root screen's table, with `frontmost` (the frontmost screen's
  /// table again), `trail` (the names of the screens from the root to it) and `text` (the
  /// outline `navctl screen` prints).
  ///
  /// A screen is `{kind, name, title?, id?, frontmost, nodes, stack?, overlay?, presented?}`; a
  /// node is `{kind, label, value?, role?, enabled, selected?, children?}`.
  public var value: LuaValue {
    guard case .table(var table) = Self.value(of: root) else { return .null }
    table.fields["frontmost"] = Self.value(of: frontmost)
    table.fields["trail"] = .table(LuaTable(array: trail.map { .string($0.name) }))
    table.fields["text"] = .string(outline)
    return .table(table)
  }

  static func value(of screen: Screen) -> LuaValue {
    var fields: [String: LuaValue] = [
      "kind": .string(screen.kind.rawValue),
      "name": .string(screen.name),
      "is_frontmost": .boolean(screen.isFrontmost),
      "nodes": .table(LuaTable(array: screen.nodes.map(value(of:)))),
    ]
    if let title = screen.title { fields["title"] = .string(title) }
    if let id = screen.id { fields["id"] = .integer(id.generation) }
    if !screen.stack.isEmpty {
      fields["stack"] = .table(LuaTable(array: screen.stack.map(value(of:))))
    }
    if !screen.overlay.isEmpty {
      fields["overlay"] = .table(LuaTable(array: screen.overlay.map(value(of:))))
    }
    if !screen.presented.isEmpty {
      fields["presented"] = .table(LuaTable(array: screen.presented.map(value(of:))))
    }
    return .table(LuaTable(fields: fields))
  }

  static func value(of node: ScreenNode) -> LuaValue {
    var fields: [String: LuaValue] = [
      "kind": .string(node.kind.rawValue),
      "label": .string(node.label),
    ]
    if let value = node.value { fields["value"] = .string(value) }
    if let role = node.role { fields["role"] = .string(role) }
    if node.isTappable || node.isTypable { fields["enabled"] = .boolean(node.isEnabled) }
    if node.kind == .option { fields["selected"] = .boolean(node.isSelected) }
    if !node.children.isEmpty {
      fields["children"] = .table(LuaTable(array: node.children.map(value(of:))))
    }
    return .table(LuaTable(fields: fields))
  }
}
