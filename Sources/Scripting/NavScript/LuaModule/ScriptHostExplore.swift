// `navd.invariant` and `navd.repro`: the explorer's checks and its findings' repros in Lua
// (docs/explore.md).

import Composable
import Foundation
import HeadlessUICore
import LuaBridge
import NavHosting
import NavValue

extension ScriptHost {
  /// `navd.invariant(name, predicate)`, which the explorer checks after every step, and
  /// `navd.repro(feature, kind, options)`, a handle whose `tap`, `type` and `back` record steps
  /// and whose `check()` replays them (``ExploreReplay``) and fails when the finding shows.
  static let explorePrelude = #"""
    local navd = navd
    navd._invariants = {}
    function navd.invariant(name, predicate)
      if type(name) ~= "string" then
        error("bad argument #1 to 'invariant' (string expected, got " .. type(name) .. ")", 2)
      end
      if type(predicate) ~= "function" then
        error("bad argument #2 to 'invariant' (function expected, got " .. type(predicate) .. ")", 2)
      end
      table.insert(navd._invariants, {name = name, predicate = predicate})
    end
    function navd._failing_invariants(state)
      local failed = {}
      for _, invariant in ipairs(navd._invariants) do
        local ok, result = pcall(invariant.predicate, state)
        if not ok then
          failed[#failed + 1] = {name = invariant.name,
            message = 'invariant "' .. invariant.name .. '" raised: ' .. tostring(result)}
        elseif not result then
          failed[#failed + 1] = {name = invariant.name,
            message = 'invariant "' .. invariant.name .. '" became false'}
        end
      end
      return failed
    end
    function navd.repro(feature, kind, options)
      local steps = {}
      local repro = {}
      function repro:tap(query) steps[#steps + 1] = {op = "tap", query = query} end
      function repro:type(field, text) steps[#steps + 1] = {op = "type", field = field, text = text} end
      function repro:back() steps[#steps + 1] = {op = "back"} end
      function repro:check()
        local ok, problem = pcall(navd._check_repro, feature, kind, options or {}, steps)
        if not ok then error(problem, 2) end
      end
      return repro
    end
    """#

  /// `navd._check_repro(feature, kind, options, steps)`: replays the steps and raises when the
  /// finding shows.
  func checkRepro(_ stack: LuaStack) throws(LuaError) {
    let name = try stack.argument(1, as: String.self, function: "repro")
    guard let feature = ScriptFeature.named(name, in: features) else {
      throw LuaError("repro: no feature named \"\(name)\"")
    }
    let kindName = try stack.argument(2, as: String.self, function: "repro")
    guard let kind = ExploreFinding.Kind(rawValue: kindName) else {
      throw LuaError(
        "repro: unknown finding kind '\(kindName)' (expected "
          + ExploreFinding.Kind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
    }
    let settings = try stack.value(at: 3)
    var options = ExploreOptions()
    switch settings["time_step"] {
    case .integer(let seconds): options.timeStep = .seconds(seconds)
    case .number(let seconds): options.timeStep = Duration.rounded(seconds: seconds)
    case .null: break
    case let other:
      throw LuaError("repro: time_step must be a number of seconds, got \(other.kind)")
    }
    guard case .string(let match) = settings["match"] else {
      throw LuaError("repro: the options need match, the finding's text")
    }
    var steps: [ExploreStep] = []
    if case .array(let recorded) = try stack.value(at: 4) {
      for entry in recorded { steps.append(try Self.reproStep(entry)) }
    }
    let replay = ExploreReplay(
      feature: feature, options: options,
      invariants: kind == .invariant ? InvariantSet(stack: stack) : nil)
    if let observation = try replay.reproduce(steps, kind: kind, match: match) {
      throw LuaError("the \(kind.rawValue) reproduces: \(observation.message)")
    }
  }

  /// A step `navd.repro` recorded.
  private static func reproStep(_ entry: DataValue) throws(LuaError) -> ExploreStep {
    switch entry["op"] {
    case .string("back"): return .back
    case .string("type"):
      guard case .string(let field) = entry["field"], case .string(let text) = entry["text"] else {
        throw LuaError("repro:type needs a field label and a text")
      }
      return .type(text: text, field: field)
    default:
      switch entry["query"] {
      case .string(let label): return .tap(label: label, index: nil)
      case .object(let fields):
        guard case .string(let label)? = fields["label"] else {
          throw LuaError("repro:tap: the table needs a label string")
        }
        if case .integer(let index)? = fields["index"] { return .tap(label: label, index: index) }
        return .tap(label: label, index: nil)
      default: throw LuaError("repro:tap needs a label or {label = …, index = …}")
      }
    }
  }
}
