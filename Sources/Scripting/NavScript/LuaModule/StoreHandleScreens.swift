// A store handle's screen methods in Lua: the headless view used as a person would — tap,
// type, back, the controls' other uses, tabs, refresh, and what the screen shows.

import Composable
import Foundation
import HeadlessUICore
import LuaBridge
import NavHosting
import NavValue

extension ScriptHost {
  /// The screen, and its controls used as a person would.
  static func storeScreenMethods() -> [String: LuaMethod] {
    [
      "screen": LuaMethod { stack in
        let store = try storeReceiver(stack, "screen")
        var tree: NavigationTree?
        try Self.located(stack) { () throws(LuaError) in tree = try store.screen().tree }
        stack.push(tree?.value ?? .null)
        return 1
      },
      "tap": LuaMethod { stack in
        let store = try storeReceiver(stack, "tap")
        let query = try Self.controlQuery(stack, at: 2)
        try Self.onScreen(stack, store, "tap") { tree throws(ScreenError) in try tree.tap(query) }
        return 0
      },
      "type": LuaMethod { stack in
        let store = try storeReceiver(stack, "type")
        let field = try stack.argument(2, as: String.self, function: "type")
        let text = try stack.argument(3, as: String.self, function: "type")
        try Self.onScreen(stack, store, "type") { tree throws(ScreenError) in
          try tree.type(text, into: field)
        }
        return 0
      },
      "back": LuaMethod { stack in
        let store = try storeReceiver(stack, "back")
        try Self.onScreen(stack, store, "back") { tree throws(ScreenError) in
          try tree.back()
        }
        return 0
      },
      "increment": Self.using(.increment, "increment"),
      "decrement": Self.using(.decrement, "decrement"),
      "set": LuaMethod { stack in
        let store = try storeReceiver(stack, "set")
        let query = try Self.controlQuery(stack, at: 2)
        let value: Double
        switch try stack.value(at: 3) {
        case .integer(let number): value = Double(number)
        case .number(let number): value = number
        case let other:
          throw LuaError("bad argument #2 to 'set' (a number expected, got \(other.kind))")
        }
        try Self.onScreen(stack, store, "set") { tree throws(ScreenError) in
          try tree.use(.set(value), query)
        }
        return 0
      },
      "delete": Self.using(.delete, "delete"),
      "move": LuaMethod { stack in
        let store = try storeReceiver(stack, "move")
        let query = try Self.controlQuery(stack, at: 2)
        guard case .integer(let position) = try stack.value(at: 3), position >= 1 else {
          throw LuaError("bad argument #2 to 'move' (a row position from 1 expected)")
        }
        try Self.onScreen(stack, store, "move") { tree throws(ScreenError) in
          try tree.use(.move(to: position - 1), query)
        }
        return 0
      },
      "select_tab": Self.usingText("select_tab") { tree, label throws(ScreenError) in
        try tree.selectTab(label)
      },
      "refresh": LuaMethod { stack in
        let store = try storeReceiver(stack, "refresh")
        var refreshed = false
        try Self.located(stack) { () throws(LuaError) in refreshed = try store.refresh() }
        guard refreshed else {
          throw LuaError("refresh: nothing on the screen is refreshable (no .refreshable)")
        }
        return 0
      },
      "running_tasks": LuaMethod { stack in
        let store = try storeReceiver(stack, "running_tasks")
        stack.push(DataValue.array(store.runningViewTasks.map { .string($0) }))
        return 1
      },
      "view_state": LuaMethod { stack in
        let store = try storeReceiver(stack, "view_state")
        stack.push(ViewStateValue.table(store.viewState))
        return 1
      },
      "see": Self.usingText("see") { tree, text throws(ScreenError) in
        try tree.see(text)
        return nil
      },
    ]
  }

  /// The method that uses a control named by its first argument in the way `use` says
  /// (`app:increment("Duration")`, `app:delete("Blob")`).
  static func using(_ use: ControlUse, _ method: String) -> LuaMethod {
    LuaMethod { stack in
      let store = try storeReceiver(stack, method)
      let query = try Self.controlQuery(stack, at: 2)
      try Self.onScreen(stack, store, method) { tree throws(ScreenError) in
        try tree.use(use, query)
      }
      return 0
    }
  }

  /// The method that does `body` on the screen with the text of its first argument
  /// (`app:select_tab("Profile")`, `app:see("Blob")`).
  static func usingText(
    _ method: String,
    _ body: @escaping (NavigationTree, String) throws(ScreenError) -> Activation?
  ) -> LuaMethod {
    LuaMethod { stack in
      let store = try storeReceiver(stack, method)
      let text = try stack.argument(2, as: String.self, function: method)
      try Self.onScreen(stack, store, method) { tree throws(ScreenError) in try body(tree, text) }
      return 0
    }
  }

  /// Renders `store`'s screen, asks `body` what to do on it, and does it; a screen error
  /// becomes a Lua error at the script's line, prefixed with the method's name.
  static func onScreen(
    _ stack: LuaStack, _ store: any ScriptedStore, _ method: String,
    _ body: (NavigationTree) throws(ScreenError) -> Activation?
  ) throws(LuaError) {
    try located(stack) { () throws(LuaError) in
      try store.use { tree throws(LuaError) in
        do throws(ScreenError) {
          return try body(tree)
        } catch {
          throw LuaError("\(method): \(error.description)")
        }
      }
    }
  }

  /// The control a `tap` names: a label, or `{label = …, role = …, index = …}`.
  static func controlQuery(_ stack: LuaStack, at index: Int32) throws(LuaError) -> ControlQuery {
    switch try stack.value(at: index) {
    case .string(let label):
      return ControlQuery(label: label)
    case .object(let fields):
      for key in fields.keys where !["label", "role", "index"].contains(key) {
        throw LuaError("tap: unknown field '\(key)' (expected label, role or index)")
      }
      guard case .string(let label)? = fields["label"] else {
        throw LuaError("tap: the table needs a label string")
      }
      var query = ControlQuery(label: label)
      switch fields["role"] {
      case nil: break
      case .string(let role)?: query.role = role
      case let other?: throw LuaError("tap: role must be a string, got \(other.kind)")
      }
      switch fields["index"] {
      case nil: break
      case .integer(let position)? where position >= 1: query.index = position
      case let other?: throw LuaError("tap: index must be a whole number from 1, got \(other)")
      }
      return query
    case let other:
      throw LuaError(
        "bad argument #1 to 'tap' (a label string or {label=…, role=…, index=…} expected, got "
          + "\(other.kind))")
    }
  }
}
