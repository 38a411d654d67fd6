// A store handle's devtools in Lua: `app:history`, `app:jump`, `app:export`.

import Composable
import Foundation
import HeadlessUICore
import LuaBridge
import NavHosting
import NavValue

extension ScriptHost {
  /// The history, time travel and export.
  static func storeDevtoolsMethods() -> [String: LuaMethod] {
    [
      "history": LuaMethod { stack in
        let store = try storeReceiver(stack, "history")
        let options = try stack.value(at: 2)
        func number(_ key: String) throws(LuaError) -> Int? {
          switch options[key] {
          case .null: return nil
          case .integer(let value) where value >= 0: return value
          default: throw LuaError("history: \(key) must be a whole number, at least 0")
          }
        }
        let slice = try store.history(
          since: try number("since").map(UInt64.init), after: try number("after"),
          limit: try number("limit"))
        stack.push(
          .object([
            "entries": .array(slice.entries.map(\.value)),
            "first": .integer(Int(slice.first)), "last": .integer(Int(slice.last)),
          ]))
        return 1
      },
      "jump": LuaMethod { stack in
        let store = try storeReceiver(stack, "jump")
        guard case .integer(let version) = try stack.value(at: 2), version >= 0 else {
          throw LuaError("bad argument #1 to 'jump' (a version, a whole number at least 0)")
        }
        try Self.located(stack) { () throws(LuaError) in try store.jump(to: UInt64(version)) }
        return 0
      },
      "export": LuaMethod { stack in
        let store = try storeReceiver(stack, "export")
        var document: ReplayDocument?
        try Self.located(stack) { () throws(LuaError) in document = try store.export(skipping: []) }
        stack.push(document?.value ?? .null)
        return 1
      },
    ]
  }
}
