// A client's own Lua state: `navd`, `session` on its attached session, eval and await in it.

import LuaBridge
import NavHosting
import NavValue

/// A Lua state of its own for one client of a host: where its `eval`s and `await` predicates run.
///
/// It has the safe libraries only, a memory cap, the `navd` module over the host's features, and
/// the global `session` on the session the client attached to. What its scripts print goes to
/// `print`. Use it from one thread at a time (a client's queue).
public final class ScriptConsole: @unchecked Sendable {
  private let lua: LuaState
  private let host: ScriptHost

  /// Creates a console for `features`, its allocations capped at `memoryLimit` bytes, its
  /// `print` calling `print` with the line.
  public init(
    features: [ScriptFeature], memoryLimit: Int?, print: @escaping (String) -> Void
  ) {
    lua = LuaState(libraries: .safe, memoryLimit: memoryLimit)
    host = ScriptHost(features: features)
    host.install(in: lua)
    lua.register("print") { stack in
      var parts: [String] = []
      if stack.top >= 1 {
        for index in 1...stack.top {
          parts.append(
            stack.string(at: index) ?? (try? stack.value(at: index))?.description
              ?? stack.typeName(at: index))
        }
      }
      print(parts.joined(separator: "\t"))
      return 0
    }
  }

  /// Sets the global `session` to a handle on `session`, with the methods of `navd.launch`'s
  /// handles.
  public func attach(_ session: ScriptSession) {
    host.install(session: session, as: "session", in: lua)
  }

  /// Runs `code` as a chunk named `name` with `arguments` as its `...`, stopping it after
  /// `instructionBudget` instructions; returns what it returns.
  public func eval(
    _ code: String, name: String = "eval", arguments: [DataValue] = [], instructionBudget: Int?
  ) throws(ScriptError) -> [DataValue] {
    let stack = lua.stack
    let base = stack.top
    defer { stack.top = base }
    lua.setInstructionBudget(instructionBudget)
    defer { lua.setInstructionBudget(nil) }
    return try scriptBoundary { () throws(LuaError) -> [DataValue] in
      try lua.load(code, name: name)
      for argument in arguments { stack.push(argument) }
      try lua.call(arguments: Int32(arguments.count), results: -1)  // LUA_MULTRET
      var results: [DataValue] = []
      if stack.top > base {
        for index in (base + 1)...stack.top { results.append(try stack.value(at: index)) }
      }
      return results
    }
  }

  /// Waits until `predicate`, a Lua expression over the state `s`, holds for a state `session`
  /// passes through, for at most `timeout` seconds; returns that state.
  ///
  /// Each evaluation of the predicate may run `instructionBudget` instructions.
  public func await(
    _ session: ScriptSession, predicate: String, timeout: Double, instructionBudget: Int?
  ) throws(ScriptError) -> DataValue {
    let stack = lua.stack
    let base = stack.top
    defer { stack.top = base }
    do throws(LuaError) {
      try lua.load("return function(s) return (\(predicate)) end", name: "predicate")
      try lua.call(arguments: 0, results: 1)
    } catch {
      throw ScriptError(.notCompiled, "the predicate does not compile: \(error.summary)")
    }
    lua.setInstructionBudget(instructionBudget)
    defer { lua.setInstructionBudget(nil) }
    return try scriptBoundary { () throws(LuaError) -> DataValue in
      try ScriptHost.await(session.store, predicateAt: stack.top, timeout: timeout, stack: stack)
    }
  }
}

extension ScriptHost {
  /// Sets the global `name` of `lua` to a handle on `session`, with the methods of
  /// `navd.launch`'s handles (`send`, `state`, `await`, …).
  ///
  /// Stack: balanced.
  func install(session: ScriptSession, as name: String, in lua: LuaState) {
    Self.defineMetatables(lua.stack)
    lua.stack.push(object: StoreBox(session.store), metatable: Self.storeMetatable)
    lua.stack.setGlobal(name)
  }
}
