// The `navd` Lua module: its functions, the stores scripts launch, and the handles' metatables
// (their methods: StoreHandle*.swift, TestStoreHandle.swift; the explorer's functions:
// ScriptHostExplore.swift).

import Composable
import Foundation
import HeadlessUICore
import LuaBridge
import NavHosting
import NavValue

/// Installs the `navd` module in a Lua state and keeps track of the stores scripts launch.
///
/// Every entry point (the scenario runner, the daemon's clients, navbench) goes through this one
/// unit, so the Lua API behaves the same everywhere:
///
/// ```lua
/// local app = navd.launch("contacts")
/// app:send("addButtonTapped")
/// app:send("destination.presented.addContact.setName", "Blob")
/// app:await(function(s) return s.destination ~= nil end)
/// ```
public final class ScriptHost {
  /// The features scripts can launch, by name.
  public let features: [ScriptFeature]

  private var launched: [any ScriptedStore] = []
  private var testStores: [(store: any ScriptedTestStore, location: SourceLocation)] = []

  static let storeMetatable = LuaMetatable("navd.Store")
  static let testStoreMetatable = LuaMetatable("navd.TestStore")

  /// Creates a host for `features`.
  public init(features: [ScriptFeature]) { self.features = features }

  /// Defines the global `navd` in `lua`.
  ///
  /// The host must outlive every call the script makes into it; the Lua functions hold it weakly
  /// and fail with a clear error once it is gone.
  public func install(in lua: LuaState) {
    let stack = lua.stack
    Self.defineMetatables(stack)
    lua.register(
      module: "navd",
      functions: [
        "features": { [weak self] stack in
          guard let self else { throw Self.gone }
          stack.push(.array(self.features.map { .string($0.name) }))
          return 1
        },
        "describe_features": { [weak self] stack in
          guard let self else { throw Self.gone }
          stack.push(
            .array(
              self.features.map {
                ["name": .string($0.name), "summary": .string($0.summary)]
              }))
          return 1
        },
        "launch": { [weak self] stack in
          guard let self else { throw Self.gone }
          return try self.launch(stack) { () throws(LuaError) in
            try self.featureArguments(stack, function: "navd.launch")
          }
        },
        "launch_preview": { [weak self] stack in
          guard let self else { throw Self.gone }
          return try self.launch(stack) { () throws(LuaError) in try self.previewArguments(stack) }
        },
        "test_store": { [weak self] stack in
          guard let self else { throw Self.gone }
          var created: (any ScriptedTestStore)?
          try Self.located(stack) { () throws(LuaError) in
            let (feature, options) = try self.featureArguments(stack, function: "navd.test_store")
            created = try feature.testStore(options)
          }
          guard let store = created else { return 0 }
          self.testStores.append((store, Self.sourceLocation(stack)))
          stack.push(object: TestStoreBox(store), metatable: Self.testStoreMetatable)
          return 1
        },
      ])
    stack.pushGlobal("navd")
    stack.push(navdVersion)
    stack.setField("version", ofTableAt: -2)
    stack.push(function: { [weak self] stack in
      guard let self else { throw Self.gone }
      try self.checkRepro(stack)
      return 0
    })
    stack.setField("_check_repro", ofTableAt: -2)
    stack.pop()
    do {
      try lua.run(Self.explorePrelude, name: "navd-explore")
    } catch {
      fatalError("navd: the explore prelude failed: \(error)")
    }
  }

  /// Ends a scenario and returns the problems that fail it.
  ///
  /// It runs the end-of-test checks of every store launched since the last call (effects still
  /// running, runtime warnings, test stores not finished), cancels their effects and forgets
  /// them.
  public func finishScenario() -> [String] {
    var problems: [String] = []
    for (store, location) in testStores {
      problems += store.finishScenario(location: location)
    }
    for store in launched { problems += store.finishScenario() }
    launched.removeAll()
    testStores.removeAll()
    return problems
  }

  static let gone = LuaError("navd: the script host is gone")

  /// Defines the handles' metatables in the state of `stack`, unless they exist.
  static func defineMetatables(_ stack: LuaStack) {
    stack.defineObjectMetatable(
      storeMetatable, methods: storeMethods(), getter: storeProperty)
    stack.defineObjectMetatable(
      testStoreMetatable, methods: testStoreMethods(), getter: testStoreProperty,
      setter: testStoreAssignment)
  }

  // MARK: - navd.launch / navd.test_store arguments

  /// Launches the feature `arguments` read from `stack` and pushes its handle; returns the
  /// number of results (none when the launch raised, at the script's line).
  private func launch(
    _ stack: LuaStack, arguments: () throws(LuaError) -> (ScriptFeature, LaunchOptions)
  ) throws -> Int32 {
    var launched: (any ScriptedStore)?
    try Self.located(stack) { () throws(LuaError) in
      let (feature, options) = try arguments()
      launched = try feature.launch(options)
    }
    guard let store = launched else { return 0 }
    self.launched.append(store)
    stack.push(object: StoreBox(store), metatable: Self.storeMetatable)
    return 1
  }

  private func featureArguments(_ stack: LuaStack, function: String) throws(LuaError) -> (
    ScriptFeature, LaunchOptions
  ) {
    let name = try stack.argument(1, as: String.self, function: function)
    guard let feature = ScriptFeature.named(name, in: features) else {
      throw LuaError(
        "\(function): no feature named \"\(name)\"; the features are "
          + features.map { "\"\($0.name)\"" }.joined(separator: ", "))
    }
    let options = try LaunchOptions(try stack.value(at: 2))
    return (feature, options)
  }

  /// `navd.launch_preview(name, options)`'s arguments: the preview named `name` (or declared
  /// at `name`, `File.swift:12`) as a feature, and the launch options.
  private func previewArguments(_ stack: LuaStack) throws(LuaError) -> (
    ScriptFeature, LaunchOptions
  ) {
    let name = try stack.argument(1, as: String.self, function: "navd.launch_preview")
    guard let preview = PreviewRegistry.preview(named: name) else {
      let titles = PreviewRegistry.all.map { "\"\($0.title)\"" }
      throw LuaError(
        "navd.launch_preview: no preview named \"\(name)\"; "
          + (titles.isEmpty
            ? "no #Preview is linked into this program"
            : "the previews are " + titles.joined(separator: ", ")))
    }
    let options = try LaunchOptions(try stack.value(at: 2))
    return (ScriptFeature(preview: preview), options)
  }

  static func sourceLocation(_ stack: LuaStack) -> SourceLocation {
    let place = stack.location()  // "file:line:"
    let parts = place.dropLast().split(separator: ":")
    guard parts.count >= 2, let line = UInt(parts.last!) else {
      return SourceLocation(file: "?", line: 0)
    }
    return SourceLocation(file: parts.dropLast().joined(separator: ":"), line: line)
  }

  /// What the stores launched since the last ``finishScenario()`` were sent, and their last
  /// change of state, as a report prints it under a failed scenario; empty when nothing was.
  public func actionLog() -> String {
    var logs: [ActionLog] = []
    for (store, _) in testStores {
      let log = store.actionLog
      if !log.lines.isEmpty { logs.append(log) }
    }
    for store in launched {
      guard let slice = try? store.history(since: nil, after: nil, limit: ActionLog.length),
        !slice.entries.isEmpty
      else { continue }
      logs.append(ActionLog(feature: store.featureName, slice: slice))
    }
    return logs.map(\.text).joined(separator: "\n")
  }
}
