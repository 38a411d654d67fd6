// A test store's handle in Lua: `store:send`, `store:receive` with their expected changes,
// time, skipping and finishing, as TCA's TestStore has them.

import Composable
import Foundation
import HeadlessUICore
import LuaBridge
import NavHosting
import NavValue

extension ScriptHost {
  final class TestStoreBox {
    let store: any ScriptedTestStore
    init(_ store: any ScriptedTestStore) { self.store = store }
  }

  static func testStoreMethods() -> [String: LuaMethod] {
    func receiver(_ stack: LuaStack, _ method: String) throws(LuaError) -> any ScriptedTestStore {
      try stack.receiver(metatable: Self.testStoreMetatable, method: method, as: TestStoreBox.self)
        .store
    }
    func raise(_ failures: [String]) throws(LuaError) {
      guard !failures.isEmpty else { return }
      throw LuaError(failures.joined(separator: "\n\n"))
    }
    return [
      "send": LuaMethod { stack in
        let store = try receiver(stack, "send")
        try Self.located(stack) { () throws(LuaError) in
          let (action, mutate) = try Self.actionAndMutation(stack, function: "send")
          try raise(
            try store.send(action, mutate: mutate, location: Self.sourceLocation(stack)))
        }
        return 0
      },
      "receive": LuaMethod { stack in
        let store = try receiver(stack, "receive")
        try Self.located(stack) { () throws(LuaError) in
          let (action, mutate) = try Self.actionAndMutation(stack, function: "receive")
          try raise(
            try store.receive(action, mutate: mutate, location: Self.sourceLocation(stack)))
        }
        return 0
      },
      "advance": LuaMethod { stack in
        let store = try receiver(stack, "advance")
        let seconds =
          stack.isNil(at: 2) ? 0 : try stack.argument(2, as: Double.self, function: "advance")
        try raise(store.advance(by: Duration.rounded(seconds: seconds)))
        return 0
      },
      "finish": LuaMethod { stack in
        try raise(try receiver(stack, "finish").finish(location: Self.sourceLocation(stack)))
        return 0
      },
      "skip_received_actions": LuaMethod { stack in
        let store = try receiver(stack, "skip_received_actions")
        let strict = try Self.strictness(stack, function: "skip_received_actions")
        try raise(store.skipReceivedActions(strict: strict, location: Self.sourceLocation(stack)))
        return 0
      },
      "skip_in_flight_effects": LuaMethod { stack in
        let store = try receiver(stack, "skip_in_flight_effects")
        let strict = try Self.strictness(stack, function: "skip_in_flight_effects")
        try raise(store.skipInFlightEffects(strict: strict, location: Self.sourceLocation(stack)))
        return 0
      },
    ]
  }

  /// Reads a skip's `{ strict = false }` (TCA's `strict:`): `true` when left out.
  private static func strictness(_ stack: LuaStack, function: String) throws(LuaError) -> Bool {
    guard !stack.isNil(at: 2) else { return true }
    let options = stack.isTable(at: 2) ? try stack.value(at: 2) : .null
    switch options {
    case .array(let elements) where elements.isEmpty: return true
    case .object(let fields) where fields.count == 1:
      guard case .bool(let flag)? = fields["strict"] else { break }
      return flag
    default: break
    }
    throw LuaError("\(function) takes { strict = true } or { strict = false }")
  }

  static func testStoreProperty(_ stack: LuaStack, _ key: String) throws -> Int32 {
    guard
      let store = stack.object(at: 1, metatable: Self.testStoreMetatable, as: TestStoreBox.self)?
        .store
    else { return 0 }
    switch key {
    case "state": stack.push(try store.state())
    case "exhaustive": stack.push(store.exhaustive)
    case "feature": stack.push(store.featureName)
    default: return 0
    }
    return 1
  }

  static func testStoreAssignment(_ stack: LuaStack, _ key: String) throws -> Bool {
    guard
      let store = stack.object(at: 1, metatable: Self.testStoreMetatable, as: TestStoreBox.self)?
        .store, key == "exhaustive"
    else { return false }
    guard let flag = stack.boolean(at: 3) else {
      throw LuaError("exhaustive must be true or false, got \(stack.typeName(at: 3))")
    }
    store.exhaustive = flag
    return true
  }

  /// Reads `(self, action, payload…, mutate?)`: the action, and the expected-state function.
  static func actionAndMutation(_ stack: LuaStack, function: String) throws(LuaError) -> (
    DataValue, LuaStateMutation?
  ) {
    var last = stack.top
    var mutate: LuaStateMutation?
    if last >= 3, stack.isFunction(at: last) {
      let functionIndex = last
      mutate = { (state: DataValue) throws(LuaError) -> DataValue in
        stack.push(state)
        let table = stack.top
        stack.pushCopy(of: functionIndex)
        stack.pushCopy(of: table)
        try stack.call(arguments: 1, results: 1)
        defer { stack.top = table - 1 }
        // The function may change its argument in place, or return a new state.
        return stack.isNil(at: -1) ? try stack.value(at: table) : try stack.value(at: -1)
      }
      last -= 1
    }
    let action: DataValue
    if let path = stack.string(at: 2) {
      var payload: [DataValue] = []
      if last >= 3 {
        for index in 3...last { payload.append(try stack.value(at: index)) }
      }
      action = try ActionPath.parse(path, payload: payload)
    } else if stack.isTable(at: 2), last == 2 {
      action = try stack.value(at: 2)
    } else {
      throw LuaError(
        "bad argument #1 to '\(function)' (action path string or table expected, got "
          + "\(stack.typeName(at: 2)))")
    }
    return (action, mutate)
  }
}
