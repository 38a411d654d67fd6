// InvariantSet: the predicates over the state that `navd.invariant` declared in a Lua state,
// checked after every step of an exploration or a repro.

import LuaBridge
import NavHosting
import NavValue

/// The invariants declared in a Lua state with `navd.invariant(name, predicate)`.
///
/// The predicates stay in their Lua state (`navd._invariants`); ``failures(in:)`` calls each with
/// the state, as `await`'s predicate is called. One that returns `false` or `nil`, or raises, has
/// failed.
final class InvariantSet: ExploreInvariants {
  /// About how many Lua instructions one check of every invariant may take.
  static let instructionBudget = 10_000_000

  /// The state the predicates live in, kept alive when this set made it.
  private let lua: LuaState?
  private let stack: LuaStack

  /// Loads `file`, whose `navd.invariant` calls declare the invariants, in a new Lua state.
  init(file: String) throws(LuaError) {
    let lua = LuaState()
    ScriptHost(features: []).install(in: lua)
    try lua.runFile(file)
    self.lua = lua
    self.stack = lua.stack
    guard count > 0 else {
      throw LuaError("\(file) declares no invariant: call navd.invariant(name, function(s) … end)")
    }
  }

  /// The invariants a running script declared, in its own state (a repro spec's).
  init(stack: LuaStack) {
    self.lua = nil
    self.stack = stack
  }

  /// How many invariants are declared.
  var count: Int {
    stack.pushGlobal("navd")
    stack.pushRawField("_invariants", ofTableAt: -1)
    defer { stack.pop(2) }
    guard stack.isTable(at: -1) else { return 0 }
    return stack.length(at: -1)
  }

  /// The invariants that fail for `state`: their names and why, in declaration order.
  ///
  /// Stack: balanced.
  func failures(in state: DataValue) throws(LuaError) -> [(name: String, message: String)] {
    let top = stack.top
    // A predicate that never returns fails the walk with a clear error instead of hanging it.
    lua?.setInstructionBudget(Self.instructionBudget)
    defer {
      lua?.setInstructionBudget(nil)
      stack.top = top
    }
    stack.pushGlobal("navd")
    stack.pushRawField("_failing_invariants", ofTableAt: -1)
    guard stack.isFunction(at: -1) else { return [] }
    stack.push(state)
    try stack.call(arguments: 1, results: 1)
    guard case .array(let failed) = try stack.value(at: -1) else { return [] }
    return failed.compactMap { entry in
      guard case .string(let name) = entry["name"], case .string(let message) = entry["message"]
      else { return nil }
      return (name, message)
    }
  }
}

extension Explorer {
  /// An explorer of `feature` that checks, after every step, the invariants that
  /// ``ExploreOptions/invariantsFile`` declares with `navd.invariant`; `crashes` are steps an
  /// earlier walk crashed on, and `onEvent` hears of every launch and step before it happens.
  ///
  /// ```swift
  /// let report = try Explorer(feature: navigation, options: options).run()
  /// ```
  public convenience init(
    feature: ScriptFeature, options: ExploreOptions, crashes: [KnownCrash] = [],
    onEvent: @escaping (Event) -> Void = { _ in }
  ) throws(LuaError) {
    let invariants = try options.invariantsFile.map { file throws(LuaError) in
      try InvariantSet(file: file)
    }
    try self.init(
      feature: feature, options: options, invariants: invariants, crashes: crashes,
      onEvent: onEvent)
  }
}
