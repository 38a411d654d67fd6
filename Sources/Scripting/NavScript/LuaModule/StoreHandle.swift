// A launched store's handle in Lua: `app:send`, `app:await`, `app.state`, virtual time and
// warnings; its devtools and screen methods are in StoreHandleDevtools.swift and
// StoreHandleScreens.swift.

import Composable
import Foundation
import HeadlessUICore
import LuaBridge
import NavHosting
import NavValue

extension ScriptHost {
  /// What a store handle's userdata holds: the launched store.
  final class StoreBox {
    let store: any ScriptedStore
    init(_ store: any ScriptedStore) { self.store = store }
  }

  /// The store whose handle is `self` of `method`'s call.
  static func storeReceiver(_ stack: LuaStack, _ method: String) throws(LuaError)
    -> any ScriptedStore
  {
    try stack.receiver(metatable: Self.storeMetatable, method: method, as: StoreBox.self).store
  }

  /// Every method of a store handle.
  static func storeMethods() -> [String: LuaMethod] {
    storeCoreMethods().merging(storeDevtoolsMethods()) { first, _ in first }
      .merging(storeScreenMethods()) { first, _ in first }
  }

  /// Sending, waiting, time and warnings.
  private static func storeCoreMethods() -> [String: LuaMethod] {
    [
      "send": LuaMethod { stack in
        let store = try storeReceiver(stack, "send")
        try Self.located(stack) { () throws(LuaError) in try Self.send(stack, to: store) }
        return 0
      },
      "await": LuaMethod { stack in
        let store = try storeReceiver(stack, "await")
        guard stack.isFunction(at: 2) else {
          throw LuaError(
            "bad argument #1 to 'await' (function expected, got \(stack.typeName(at: 2)))")
        }
        let timeout =
          stack.isNil(at: 3) ? 1.0 : try stack.argument(3, as: Double.self, function: "await")
        let state = try Self.await(store, predicateAt: 2, timeout: timeout, stack: stack)
        stack.push(state)
        return 1
      },
      "advance": LuaMethod { stack in
        let store = try storeReceiver(stack, "advance")
        let seconds =
          stack.isNil(at: 2) ? 0 : try stack.argument(2, as: Double.self, function: "advance")
        guard seconds >= 0 else {
          throw LuaError("\(stack.location())advance: time cannot go back")
        }
        store.advance(by: Duration.rounded(seconds: seconds))
        return 0
      },
      "settle": LuaMethod { stack in
        stack.push(try storeReceiver(stack, "settle").settle())
        return 1
      },
      "cancel_effects": LuaMethod { stack in
        stack.push(try storeReceiver(stack, "cancel_effects").cancelEffects())
        return 1
      },
      "warnings": LuaMethod { stack in
        let warnings = try storeReceiver(stack, "warnings").drainWarnings()
        stack.push(.array(warnings.map { .string($0) }))
        return 1
      },
    ]
  }

  static func storeProperty(_ stack: LuaStack, _ key: String) throws -> Int32 {
    guard let store = stack.object(at: 1, metatable: Self.storeMetatable, as: StoreBox.self)?.store
    else { return 0 }
    switch key {
    case "state": stack.push(try store.state())
    case "version": stack.push(Int(store.version))
    case "feature": stack.push(store.featureName)
    case "clock": stack.push(store.clockMode.rawValue)
    default: return 0
    }
    return 1
  }

  /// Reads `(self, action, payload…)` and sends.
  static func send(_ stack: LuaStack, to store: any ScriptedStore) throws(LuaError) {
    if let path = stack.stringBytes(at: 2) {
      var payload: [DataValue] = []
      if stack.top >= 3 {
        for index in 3...stack.top { payload.append(try stack.value(at: index)) }
      }
      try store.send(pathBytes: path, payload: payload)
    } else if stack.isTable(at: 2) {
      guard stack.top <= 2 else {
        throw LuaError("send: an action table takes no payload arguments; put the payload in it")
      }
      try store.send(try stack.value(at: 2))
    } else {
      throw LuaError(
        "bad argument #1 to 'send' (action path string or table expected, got "
          + "\(stack.typeName(at: 2)))")
    }
  }

  /// Waits until the predicate at `index` holds for a state the store passes through.
  static func await(
    _ store: any ScriptedStore, predicateAt index: Int32, timeout: Double, stack: LuaStack
  ) throws(LuaError) -> DataValue {
    let location = stack.location()
    func holds(_ state: DataValue) throws(LuaError) -> Bool {
      stack.pushCopy(of: index)
      stack.push(state)
      do {
        try stack.call(arguments: 1, results: 1)
      } catch {
        throw LuaError("\(location)error in await's predicate: \(error.message)")
      }
      defer { stack.pop() }
      return !(stack.isNil(at: -1) || stack.boolean(at: -1) == false)
    }
    store.settle()
    var last = try store.state()
    if try holds(last) { return last }
    let watcher = store.watch()
    defer { watcher.cancel() }
    let limit = Duration.rounded(seconds: timeout)
    var waited = Duration.zero
    let realDeadline = ContinuousClock.now + (store.clockMode == .virtual ? store.timeout : limit)
    while true {
      for state in try watcher.drain() {
        last = state
        if try holds(state) { return state }
      }
      if store.clockMode == .virtual {
        if let step = store.advanceToNextWakeUp(within: limit - waited) {
          waited += step
          continue
        }
        // Nothing is scheduled on the clock before the timeout: only effects doing real work
        // (not sleeping on the clock) can still change the state.
        if !store.settle(), ContinuousClock.now < realDeadline {
          watcher.wait(until: min(realDeadline, .now + .milliseconds(10)))
          continue
        }
        for state in try watcher.drain() {
          last = state
          if try holds(state) { return state }
        }
        break
      } else {
        guard ContinuousClock.now < realDeadline else { break }
        watcher.wait(until: realDeadline)
      }
    }
    let clock = store.clockMode == .virtual ? "virtual" : "real"
    throw LuaError(
      """
      \(location)await: the predicate did not hold within \(timeout) s of \(clock) time. \
      Last state of \(store.featureName):
      \(last.formatted)
      """)
  }

  /// Runs `body`, prefixing an error it throws with the calling script's `file:line:` unless the
  /// message already starts with one.
  static func located(_ stack: LuaStack, _ body: () throws(LuaError) -> Void) throws(LuaError) {
    do {
      try body()
    } catch {
      let location = stack.location()  // "file:line: "
      if location.isEmpty || error.message.hasPrefix(location) { throw error }
      throw LuaError(location + error.message)
    }
  }
}
