// One Lua interpreter owned by Swift: opening, loading, protected calls.

import CLua
import CLuaShim
import NavValue

/// A Lua 5.4 interpreter, closed when the last reference goes away.
///
/// A `LuaState` is not thread-safe: use it from one thread at a time. Swift calls into Lua only
/// through protected calls (``call(arguments:results:)``), which turn Lua errors into a
/// ``LuaError`` with a traceback, so no Lua error ever unwinds Swift frames.
public final class LuaState {
  /// The main thread's stack.
  public let stack: LuaStack

  /// The raw interpreter, for code that needs the C API directly.
  public var pointer: OpaquePointer { stack.state }

  /// The standard libraries a new state opens.
  public enum Libraries: Sendable {
    /// All of Lua's standard libraries (`io`, `os`, `debug` included): for trusted local scripts.
    case all
    /// Only `base`, `coroutine`, `table`, `string`, `utf8` and `math`: no files, no processes, no
    /// `debug`. `dofile` and `loadfile` are removed, and `load` accepts source text only (crafted
    /// binary chunks can crash the interpreter).
    case safe
  }

  /// Opens a new interpreter with `libraries`.
  ///
  /// With a `memoryLimit`, allocations beyond that many bytes fail inside Lua with a
  /// "not enough memory" error, which protected calls report like any other.
  public init(libraries: Libraries = .all, memoryLimit: Int? = nil) {
    LuaFunctionBox.installDispatcher()
    let created = memoryLimit.map { navlua_newstate_limited(max($0, 64 * 1024)) } ?? luaL_newstate()
    guard let state = created else {
      fatalError("Lua could not allocate a new state: out of memory")
    }
    self.stack = LuaStack(state)
    switch libraries {
    case .all:
      luaL_openlibs(state)
    case .safe:
      for (name, open) in Self.safeLibraries {
        luaL_requiref(state, name, open, 1)
        stack.pop()
      }
      for name in ["dofile", "loadfile"] {
        stack.pushNil()
        stack.setGlobal(name)
      }
      // `load` takes source text only: crafted binary chunks can crash the interpreter.
      do {
        try run(
          """
          local load = load
          _G.load = function(chunk, name, _, env) return load(chunk, name, "t", env) end
          """, name: "navd-sandbox")
      } catch {
        fatalError("navd: the sandbox prelude failed: \(error)")
      }
    }
  }

  private static let safeLibraries: [(String, lua_CFunction)] = [
    ("_G", luaopen_base), ("coroutine", luaopen_coroutine), ("table", luaopen_table),
    ("string", luaopen_string), ("utf8", luaopen_utf8), ("math", luaopen_math),
  ]

  deinit { navlua_close_limited(stack.state) }

  // MARK: - Loading

  /// Compiles `source` as a chunk named `name` (shown in errors as `name:line:`) and pushes it as
  /// a function.
  ///
  /// Stack: pushes one (the function) on success, nothing on failure.
  public func load(_ source: String, name: String) throws(LuaError) {
    var source = source
    let status = source.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        luaL_loadbufferx(pointer, $0.baseAddress, $0.count, "@" + name, "t")
      }
    }
    guard status == LUA_OK else {
      let message = stack.string(at: -1) ?? "unknown error loading \(name)"
      stack.pop()
      throw LuaError(message)
    }
  }

  /// Compiles and runs `source`, returning its results.
  ///
  /// Stack: balanced.
  @discardableResult
  public func run(_ source: String, name: String = "chunk") throws(LuaError) -> [DataValue] {
    let base = stack.top
    try load(source, name: name)
    try call(arguments: 0, results: LUA_MULTRET)
    defer { stack.top = base }
    var results: [DataValue] = []
    if stack.top > base {
      for index in (base + 1)...stack.top { results.append(try stack.value(at: index)) }
    }
    return results
  }

  /// Compiles and runs the file at `path`, named by its path in errors.
  ///
  /// Stack: balanced.
  public func runFile(_ path: String) throws(LuaError) {
    let base = stack.top
    guard luaL_loadfilex(pointer, path, "t") == LUA_OK else {
      let message = stack.string(at: -1) ?? "cannot load \(path)"
      stack.top = base
      throw LuaError(message)
    }
    defer { stack.top = base }
    try call(arguments: 0, results: 0)
  }

  // MARK: - Calling

  /// Calls the function below `arguments` values on the stack, in protected mode, with a
  /// traceback on error.
  ///
  /// Stack: pops the function and its arguments; pushes `results` values (all of them for
  /// `LUA_MULTRET`) on success, nothing on failure.
  public func call(arguments: Int32, results: Int32) throws(LuaError) {
    try stack.call(arguments: arguments, results: results)
  }

  // MARK: - Registering Swift functions

  /// Sets the global `name` to a Lua function that runs `body`.
  ///
  /// Stack: balanced.
  public func register(_ name: String, _ body: @escaping LuaFunction) {
    stack.push(function: body)
    stack.setGlobal(name)
  }

  /// Sets the global `name` to a table of functions, as a module.
  ///
  /// Stack: balanced.
  public func register(module name: String, functions: [String: LuaFunction]) {
    stack.pushNewTable(fieldCount: Int32(functions.count))
    for (key, body) in functions {
      stack.push(function: body)
      stack.setField(key, ofTableAt: -2)
    }
    stack.setGlobal(name)
  }

  // MARK: - Budget

  /// Limits Lua code running in this state to about `instructions` VM instructions.
  ///
  /// Past it, the code fails with "instruction budget exceeded" (again at every check, so a
  /// `pcall` cannot swallow it); `nil` removes the limit. Costs about 2× on pure-Lua loops.
  public func setInstructionBudget(_ instructions: Int?) {
    navlua_set_budget(pointer, Int64(instructions ?? 0), 1000)
  }

  // MARK: - Memory

  /// The memory the interpreter uses, in bytes.
  public var memoryInUse: Int { navlua_memory_in_use(pointer) }

  /// Runs a full garbage collection.
  public func collectGarbage() { navlua_collect_garbage(pointer) }
}
