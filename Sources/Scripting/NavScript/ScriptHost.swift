// The Lua glue, in one place: the `navd` module, store handles and test-store handles.

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

  // MARK: - Invariants and repros (docs/explore.md)

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
  private func checkRepro(_ stack: LuaStack) throws(LuaError) {
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

  // MARK: - Store handles

  final class StoreBox {
    let store: any ScriptedStore
    init(_ store: any ScriptedStore) { self.store = store }
  }

  private static func storeMethods() -> [String: LuaMethod] {
    func receiver(_ stack: LuaStack, _ method: String) throws(LuaError) -> any ScriptedStore {
      try stack.receiver(metatable: Self.storeMetatable, method: method, as: StoreBox.self).store
    }
    return [
      "send": LuaMethod { stack in
        let store = try receiver(stack, "send")
        try Self.located(stack) { () throws(LuaError) in try Self.send(stack, to: store) }
        return 0
      },
      "await": LuaMethod { stack in
        let store = try receiver(stack, "await")
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
        let store = try receiver(stack, "advance")
        let seconds =
          stack.isNil(at: 2) ? 0 : try stack.argument(2, as: Double.self, function: "advance")
        guard seconds >= 0 else {
          throw LuaError("\(stack.location())advance: time cannot go back")
        }
        store.advance(by: Duration.rounded(seconds: seconds))
        return 0
      },
      "settle": LuaMethod { stack in
        stack.push(try receiver(stack, "settle").settle())
        return 1
      },
      "cancel_effects": LuaMethod { stack in
        stack.push(try receiver(stack, "cancel_effects").cancelEffects())
        return 1
      },
      "warnings": LuaMethod { stack in
        let warnings = try receiver(stack, "warnings").drainWarnings()
        stack.push(.array(warnings.map { .string($0) }))
        return 1
      },
      // Devtools: the history, time travel, export.
      "history": LuaMethod { stack in
        let store = try receiver(stack, "history")
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
        let store = try receiver(stack, "jump")
        guard case .integer(let version) = try stack.value(at: 2), version >= 0 else {
          throw LuaError("bad argument #1 to 'jump' (a version, a whole number at least 0)")
        }
        try Self.located(stack) { () throws(LuaError) in try store.jump(to: UInt64(version)) }
        return 0
      },
      "export": LuaMethod { stack in
        let store = try receiver(stack, "export")
        var document: ReplayDocument?
        try Self.located(stack) { () throws(LuaError) in document = try store.export() }
        stack.push(document?.value ?? .null)
        return 1
      },
      // Screens: the headless view, used as a person would.
      "screen": LuaMethod { stack in
        let store = try receiver(stack, "screen")
        var tree: NavigationTree?
        try Self.located(stack) { () throws(LuaError) in tree = try store.screen().tree }
        stack.push(tree?.value ?? .null)
        return 1
      },
      "tap": LuaMethod { stack in
        let store = try receiver(stack, "tap")
        let query = try Self.controlQuery(stack, at: 2)
        try Self.onScreen(stack, store, "tap") { tree throws(ScreenError) in try tree.tap(query) }
        return 0
      },
      "type": LuaMethod { stack in
        let store = try receiver(stack, "type")
        let field = try stack.argument(2, as: String.self, function: "type")
        let text = try stack.argument(3, as: String.self, function: "type")
        try Self.onScreen(stack, store, "type") { tree throws(ScreenError) in
          try tree.type(text, into: field)
        }
        return 0
      },
      "back": LuaMethod { stack in
        let store = try receiver(stack, "back")
        try Self.onScreen(stack, store, "back") { tree throws(ScreenError) in
          try tree.back()
        }
        return 0
      },
      "increment": Self.using(.increment, "increment"),
      "decrement": Self.using(.decrement, "decrement"),
      "set": LuaMethod { stack in
        let store = try receiver(stack, "set")
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
        let store = try receiver(stack, "move")
        let query = try Self.controlQuery(stack, at: 2)
        guard case .integer(let position) = try stack.value(at: 3), position >= 1 else {
          throw LuaError("bad argument #2 to 'move' (a row position from 1 expected)")
        }
        try Self.onScreen(stack, store, "move") { tree throws(ScreenError) in
          try tree.use(.move(to: position - 1), query)
        }
        return 0
      },
      "select_tab": LuaMethod { stack in
        let store = try receiver(stack, "select_tab")
        let label = try stack.argument(2, as: String.self, function: "select_tab")
        try Self.onScreen(stack, store, "select_tab") { tree throws(ScreenError) in
          try tree.selectTab(label)
        }
        return 0
      },
      "refresh": LuaMethod { stack in
        let store = try receiver(stack, "refresh")
        var refreshed = false
        try Self.located(stack) { () throws(LuaError) in refreshed = try store.refresh() }
        guard refreshed else {
          throw LuaError("refresh: nothing on the screen is refreshable (no .refreshable)")
        }
        return 0
      },
      "running_tasks": LuaMethod { stack in
        let store = try receiver(stack, "running_tasks")
        stack.push(DataValue.array(store.runningViewTasks.map { .string($0) }))
        return 1
      },
      "view_state": LuaMethod { stack in
        let store = try receiver(stack, "view_state")
        stack.push(ViewStateValue.table(store.viewState))
        return 1
      },
      "see": LuaMethod { stack in
        let store = try receiver(stack, "see")
        let text = try stack.argument(2, as: String.self, function: "see")
        try Self.onScreen(stack, store, "see") { tree throws(ScreenError) in
          try tree.see(text)
          return nil
        }
        return 0
      },
    ]
  }

  /// The method that uses a control named by its first argument in the way `use` says
  /// (`app:increment("Duration")`, `app:delete("Blob")`).
  static func using(_ use: ControlUse, _ method: String) -> LuaMethod {
    LuaMethod { stack in
      let store = try stack.receiver(
        metatable: Self.storeMetatable, method: method, as: StoreBox.self
      )
      .store
      let query = try Self.controlQuery(stack, at: 2)
      try Self.onScreen(stack, store, method) { tree throws(ScreenError) in
        try tree.use(use, query)
      }
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

  private static func storeProperty(_ stack: LuaStack, _ key: String) throws -> Int32 {
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

  // MARK: - Test-store handles

  final class TestStoreBox {
    let store: any ScriptedTestStore
    init(_ store: any ScriptedTestStore) { self.store = store }
  }

  private static func testStoreMethods() -> [String: LuaMethod] {
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

  private static func testStoreProperty(_ stack: LuaStack, _ key: String) throws -> Int32 {
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

  private static func testStoreAssignment(_ stack: LuaStack, _ key: String) throws -> Bool {
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
