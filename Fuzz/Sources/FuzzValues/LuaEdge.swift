// The Lua edge: values pushed into Lua and read back, Lua constructors read, by LuaBridge's rules.

import FuzzKit
import LuaBridge
import NavValue

/// Checks LuaBridge's conversion between values and Lua tables against its documented rules.
///
/// A value pushed and read back is itself but for what a Lua table cannot hold (``luaForm(_:)``):
/// an empty array reads back as the empty object, and null fields are no entries. A table built
/// by Lua reads as its ``ValueTree/value``: a sequence `1…n` is an array, any other table an
/// object whose number and boolean keys name fields by their text, and a table as a key, or two
/// keys naming one field, is an error.
public enum LuaEdge {
  /// One interpreter for every input.
  ///
  /// A harness runs one input at a time, on one thread. It has no memory limit: a push that ran
  /// out of memory would raise a Lua error outside a protected call.
  nonisolated(unsafe) static let lua = LuaState(libraries: .safe)

  /// Whether Lua allocated since the last ``collectGarbage()``.
  nonisolated(unsafe) static var allocated = false

  /// Frees what Lua no longer uses: a harness calls it before it returns, so that an input frees
  /// what it allocated, as libFuzzer's leak detection expects (it looks for leaks, slowly, after
  /// every input that allocated more than it freed).
  public static func collectGarbage() {
    guard allocated else { return }
    allocated = false
    lua.stack.pushGlobal("collectgarbage")
    do {
      try lua.call(arguments: 0, results: 0)
    } catch {
      fatalError("fuzz harness: Lua's collectgarbage() failed: \(error)")
    }
  }

  /// `value` pushed onto a Lua stack and read back.
  public static func throughLua(_ value: DataValue) throws(LuaError) -> DataValue {
    let stack = lua.stack
    let base = stack.top
    defer { stack.top = base }
    allocated = true
    stack.push(value)
    return try stack.value(at: -1)
  }

  /// What a Lua table holds of `value`: empty arrays are the empty object (Lua cannot tell them
  /// apart), and null fields are left out (a Lua table cannot hold `nil`).
  public static func luaForm(_ value: DataValue) -> DataValue {
    switch value {
    case .array(let elements): elements.isEmpty ? .emptyObject : .array(elements.map(luaForm))
    case .object(let fields): .object(fields.filter { $0.value != .null }.mapValues(luaForm))
    default: value
    }
  }

  /// Whether an array in `value` holds a null: pushed, it is a table with holes, whose length is
  /// any of its borders, which the documented rules do not cover.
  public static func holdsNullElement(_ value: DataValue) -> Bool {
    switch value {
    case .array(let elements): elements.contains { $0 == .null || holdsNullElement($0) }
    case .object(let fields): fields.values.contains(where: holdsNullElement)
    default: false
    }
  }

  /// Whether `a` and `b` are equal, NaNs equal to NaNs.
  public static func same(_ a: DataValue, _ b: DataValue) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): return x == y || (x.isNaN && y.isNaN)
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (.object(let x), .object(let y)):
      return x.count == y.count
        && x.allSatisfy { key, field in y[key].map { same(field, $0) } ?? false }
    default: return a == b
    }
  }

  /// `value` pushed and read back, which must give ``luaForm(_:)`` of it (unless an array holds a
  /// null); `what` says where the value came from.
  @discardableResult
  public static func checkPushed(_ value: DataValue, _ what: @autoclosure () -> String) -> DataValue
  {
    let back: DataValue
    do {
      back = try throughLua(value)
    } catch {
      fatalError(
        "fuzz invariant broken: \(what()) \(value), pushed into Lua, does not read back: "
          + error.summary)
    }
    if !holdsNullElement(value) {
      require(
        same(back, luaForm(value)),
        "\(what()) \(value), pushed into Lua, reads back as \(back), not as \(luaForm(value))")
    }
    return back
  }

  /// Why a constructor was not run: it exceeds a limit of Lua's compiler.
  public struct TooBig: Error, CustomStringConvertible {
    /// Lua's message.
    public var description: String
  }

  /// The value of the Lua expression `source`, read as LuaBridge reads a table.
  ///
  /// Throws ``TooBig`` when Lua cannot compile the expression for one of its limits (registers,
  /// nesting), and ``LuaError`` when running it or reading its value fails.
  public static func evaluate(_ source: String) throws -> DataValue {
    let stack = lua.stack
    let base = stack.top
    defer { stack.top = base }
    allocated = true
    do {
      try lua.load("return " + source, name: "fuzz")
    } catch {
      if error.message.contains("too many") || error.message.contains("overflow") {
        throw TooBig(description: error.summary)
      }
      fatalError("fuzz invariant broken: the constructor \(source) does not compile: \(error)")
    }
    try lua.call(arguments: 0, results: 1)
    return try stack.value(at: -1)
  }

  /// Runs `tree`'s constructor in Lua and checks what it reads as.
  ///
  /// It must read as the tree's value, but for what a Lua table cannot hold, or fail when
  /// ``ValueTree/luaError`` says it must. Tables with holes are run and not checked. Returns
  /// what it read, or why it did not.
  @discardableResult
  public static func checkConstructor(_ tree: ValueTree) -> String {
    let read: DataValue
    do {
      read = try evaluate(tree.lua)
    } catch let error as TooBig {
      return "not run: \(error)"
    } catch {
      let summary = (error as? LuaError)?.summary ?? "\(error)"
      require(
        tree.luaError != nil || tree.hasHoles,
        "the Lua table \(tree.lua) does not read, but should as \(luaForm(tree.value)): \(summary)")
      return "an error: \(summary)"
    }
    guard !tree.hasHoles else { return "\(read) (a table with holes: not checked)" }
    if let reason = tree.luaError {
      fatalError(
        "fuzz invariant broken: the Lua table \(tree.lua) reads as \(read), but has no value: "
          + reason)
    }
    require(
      same(read, luaForm(tree.value)),
      "the Lua table \(tree.lua) reads as \(read), not as \(luaForm(tree.value))")
    return "\(read)"
  }
}
