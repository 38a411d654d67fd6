// TCA's exhaustive TestStore driven from Lua: send, receive, advance, skip, finish.

import Composable
import LuaBridge
import NavHosting
import NavValue

/// Changes a copy of the previous state into the expected one, in Lua: gets the state in the
/// value model, returns it changed.
typealias LuaStateMutation = (DataValue) throws(LuaError) -> DataValue

/// A test store as the Lua layer drives it, with its concrete types hidden.
///
/// Each call returns the failures it caused, as `file:line: message` texts.
protocol ScriptedTestStore: AnyObject {
  var featureName: String { get }
  var exhaustive: Bool { get set }
  func state() throws(LuaError) -> DataValue
  func send(_ action: DataValue, mutate: LuaStateMutation?, location: SourceLocation)
    throws(LuaError) -> [String]
  func receive(_ action: DataValue, mutate: LuaStateMutation?, location: SourceLocation)
    throws(LuaError) -> [String]
  func advance(by duration: Duration) -> [String]
  func skipReceivedActions(strict: Bool, location: SourceLocation) -> [String]
  func skipInFlightEffects(strict: Bool, location: SourceLocation) -> [String]
  func finish(location: SourceLocation) -> [String]
  /// Runs the end-of-test checks if the script did not call `finish`, and returns the failures.
  func finishScenario(location: SourceLocation) -> [String]
  /// The steps the script took (sends and receives) and the last change of state.
  var actionLog: ActionLog { get }
}

extension ScriptFeature {
  /// Makes an exhaustive test store of the feature.
  func testStore(_ options: LaunchOptions) throws(LuaError) -> any ScriptedTestStore {
    try open(TestStoreOpener(options: options))
  }
}

/// Makes a ``LuaTestStore`` of a feature with its concrete types.
private struct TestStoreOpener: FeatureOpener {
  let options: LaunchOptions

  func open<R: Reducer>(_ feature: TypedFeature<R>) throws(LuaError) -> any ScriptedTestStore {
    try LuaTestStore<R>(
      name: feature.name, options: options, values: feature.values,
      initialState: feature.initialState, reducer: feature.reducer,
      dependencies: feature.dependencies)
  }
}

/// The store behind a `navd.test_store` handle.
final class LuaTestStore<R: Reducer>: ScriptedTestStore {
  let featureName: String
  private let store: TestStore<R.State, R.Action>
  /// How the state and actions cross into the value model, and compare.
  private let values: FeatureValues<R.State, R.Action>
  private let failures = WarningSink()
  /// The steps taken so far, for the log of a failed scenario.
  private var steps: [ActionLog.Line] = []
  /// How many steps were taken in all.
  private var stepCount = 0
  /// The state after the last step that changed it, and the one before.
  private var lastSeen: R.State
  private var beforeLastChange: R.State?

  init(
    name: String, options: LaunchOptions, values: FeatureValues<R.State, R.Action> = .init(),
    initialState: () -> R.State, reducer: () -> R,
    dependencies: @escaping (inout DependencyValues) -> Void
  ) throws(LuaError) {
    self.featureName = name
    self.values = values
    let stackElementIDs = StackElementIDGenerator()
    // The scenario's storages for shared state, for the initial state and the store alike.
    let storages = ScriptStorages.current ?? ScriptStorages.process
    let state = try values.launchState(
      options.state, initial: initialState, stackElementIDs: stackElementIDs
    ) {
      storages.install(in: &$0)
      dependencies(&$0)
    }
    let sink = failures
    let reporter = IssueReporter { message, location in
      sink.append(location.map { "\($0): \(message)" } ?? message)
    }
    self.store = TestStore(
      initialState: state, isEqual: values.statesEqual, reducer: reducer,
      withDependencies: {
        $0.uuid = .incrementing
        $0.stackElementID = stackElementIDs
        storages.install(in: &$0)
        dependencies(&$0)
      }, reporter: reporter)
    store.timeout = options.timeout
    self.lastSeen = state
  }

  /// Notes a step for the log, and the state it left.
  private func logged(_ origin: String, _ action: DataValue) {
    steps.append(ActionLog.Line(origin: origin, action: action, version: nil))
    stepCount += 1
    if steps.count > 2 * ActionLog.length { steps.removeFirst(ActionLog.length) }
    let state = store.state
    if !values.statesEqual(state, lastSeen) {
      beforeLastChange = lastSeen
      lastSeen = state
    }
  }

  var actionLog: ActionLog {
    let kept = steps.suffix(ActionLog.length)
    var change: (before: DataValue, after: DataValue)?
    if let beforeLastChange, let before = try? values.encodeState(beforeLastChange),
      let after = try? values.encodeState(lastSeen)
    {
      change = (before, after)
    }
    return ActionLog(
      feature: featureName, lines: Array(kept), omitted: stepCount - kept.count,
      lastChange: change)
  }

  var exhaustive: Bool {
    get { store.exhaustivity == .on }
    set { store.exhaustivity = newValue ? .on : .off }
  }

  func state() throws(LuaError) -> DataValue { try values.encodeState(store.state) }

  func send(_ action: DataValue, mutate: LuaStateMutation?, location: SourceLocation)
    throws(LuaError) -> [String]
  {
    let decoded = try decode(action)
    store.sendBlocking(decoded, assert: update(mutate), location: location)
    logged("send", action)
    return failures.drain()
  }

  func receive(_ action: DataValue, mutate: LuaStateMutation?, location: SourceLocation)
    throws(LuaError) -> [String]
  {
    let expected = try decode(action)
    store.receiveBlocking(
      description: StateDump.render(expected),
      matching: { [values] in values.actionsEqual($0, expected) },
      assert: update(mutate), location: location)
    logged("receive", action)
    return failures.drain()
  }

  func advance(by duration: Duration) -> [String] {
    store.advanceBlocking(by: duration)
    return failures.drain()
  }

  func skipReceivedActions(strict: Bool, location: SourceLocation) -> [String] {
    store.skipReceivedActionsBlocking(strict: strict, location: location)
    return failures.drain()
  }

  func skipInFlightEffects(strict: Bool, location: SourceLocation) -> [String] {
    store.skipInFlightEffectsBlocking(strict: strict, location: location)
    return failures.drain()
  }

  func finish(location: SourceLocation) -> [String] {
    store.finishBlocking(location: location)
    return failures.drain()
  }

  func finishScenario(location: SourceLocation) -> [String] {
    if !store.isFinished { store.finishBlocking(location: location) }
    return failures.drain()
  }

  private func decode(_ tree: DataValue) throws(LuaError) -> R.Action {
    try values.action(from: tree, state: state)
  }

  /// The expected-state closure for the test store: the Lua function changes an encoded copy.
  private func update(_ mutate: LuaStateMutation?) -> ((inout R.State) throws -> Void)? {
    guard let mutate else { return nil }
    let values = self.values
    return { state in
      let changed = try mutate(try values.encodeState(state))
      state = try values.state(changed, changing: state)
    }
  }
}
