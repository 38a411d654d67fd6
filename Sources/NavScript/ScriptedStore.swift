// A store launched from a script: sends in the value model, state snapshots, virtual time.

import Composable
import Foundation
import HeadlessUI
import LuaBridge
import NavValue
import Synchronization

/// A launched store as the Lua layer drives it, with its concrete types hidden.
protocol ScriptedStore: AnyObject {
  /// The feature's registered name.
  var featureName: String { get }
  /// How many state changes the store has made.
  var version: UInt64 { get }
  /// How long waits last by default, in real time.
  var timeout: Duration { get }
  /// The clock effects run on.
  var clockMode: LaunchOptions.ClockMode { get }

  /// Whether a send waits for the effects it started to settle (scripts: yes, so what follows
  /// sees their immediate results; a daemon session: no, it answers once the reducer ran).
  var settlesAfterSend: Bool { get set }
  /// How many effect steps are queued or running: bounded when sends do not settle.
  var pendingEffectSteps: Int { get }
  /// Sends an action written as a path with its payload.
  func send(path: String, payload: [DataValue]) throws(LuaError)
  /// Sends an action written as a path (its UTF-8 bytes, valid for the call) with its payload.
  func send(pathBytes: UnsafeRawBufferPointer, payload: [DataValue]) throws(LuaError)
  /// Sends an action written as a table (or a bare case name).
  func send(_ action: DataValue) throws(LuaError)
  /// The current state in the value model.
  func state() throws(LuaError) -> DataValue

  /// Starts recording every state the store passes through, for one `await`.
  func watch() -> StateWatcher
  /// Calls `onChange` after every action the store processes, with the action and, when the
  /// state changed, the new state, both in the value model; until the observation is cancelled.
  func observeChanges(_ onChange: @escaping @Sendable (EncodedChange) -> Void) -> StoreObservation
  /// Calls `onWarning` with every runtime warning the store reports from now on (they are also
  /// kept for ``drainWarnings()``).
  func observeWarnings(_ onWarning: @escaping @Sendable (String) -> Void)

  /// Runs `body` while the store processes no action: what `body` reads is exactly what the next
  /// observed change follows.
  func holdingChanges<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T

  /// Moves virtual time forward by `duration` (or sleeps, on the live clock), running what falls due.
  func advance(by duration: Duration)
  /// Moves virtual time to the next effect's wake-up when it is within `limit`; returns how far
  /// it moved, or `nil` when nothing is scheduled that soon (or the clock is live).
  func advanceToNextWakeUp(within limit: Duration) -> Duration?
  /// Waits until effects are suspended or finished; returns whether they settled in time.
  @discardableResult func settle() -> Bool

  /// Runtime warnings the store reported since the last call.
  func drainWarnings() -> [String]
  /// Problems that fail a scenario at its end (effects still running, warnings), then cancels
  /// every effect.
  func finishScenario() -> [String]

  /// The navigation tree the feature's headless view renders now, with the version it shows;
  /// throws when the feature has no view.
  func screen() throws(LuaError) -> (version: UInt64, tree: NavigationTree)
  /// Renders the screen, asks `decide` what using it does, and sends that, as sends do.
  ///
  /// Uses of one store's screen run one at a time, each on a fresh render: two clients tapping
  /// the same toggle flip it twice, and a `back` that lost a race acts on the screen it sees.
  func use(_ decide: (NavigationTree) throws(LuaError) -> Activation?) throws(LuaError)
}

/// The store behind a `navd.launch` handle.
final class LaunchedStore<R: Reducer>: ScriptedStore, @unchecked Sendable
where R: Sendable, R.State: Codable & Equatable & Sendable, R.Action: Codable & Equatable & Sendable
{
  let featureName: String
  let timeout: Duration
  let clockMode: LaunchOptions.ClockMode
  private let store: Store<R.State, R.Action>
  private let clock: TestClock<Duration>?
  private let warnings = WarningSink()
  // The mutable properties marked `@exclusivity(unchecked)` are only touched under `lock`,
  // which already rules out overlapping accesses: the run-time exclusivity check (a
  // thread-local lookup in the Swift runtime, ~80 instructions) is dropped on these hot paths.
  @exclusivity(unchecked) private var cachedState: (version: UInt64, value: DataValue)?
  @exclusivity(unchecked) private var cachedActions: [String: R.Action] = [:]
  /// The last path sent, a `LastPath<R.Action>`, kept as `AnyObject`: reading an optional of
  /// the generic class looked up `Optional`'s metadata at run time on every send.
  @exclusivity(unchecked) private var lastPath: AnyObject?
  /// Guards the caches: a daemon session is shared by the threads of several clients.
  private let lock = NSLock()

  /// The feature's headless view, when it has one.
  private let view: ((HeadlessStore<R.State, R.Action>) -> ViewContent)?
  /// The store's stack element ids: a link's push takes the next one, as the reducer's own
  /// pushes do.
  private let stackElementIDs = StackElementIDGenerator()

  init(
    name: String, options: LaunchOptions, initialState: () -> R.State, reducer: () -> R,
    dependencies: @escaping (inout DependencyValues) -> Void,
    view: ((HeadlessStore<R.State, R.Action>) -> ViewContent)? = nil
  ) throws(LuaError) {
    self.featureName = name
    self.timeout = options.timeout
    self.clockMode = options.clock
    self.view = view
    let clock = options.clock == .virtual ? TestClock<Duration>() : nil
    self.clock = clock
    // Ids a launch state names are reserved in the store's own generator, so a push after it
    // gets a new one.
    let stackElementIDs = self.stackElementIDs
    let state = try ValueModel.decodeState(
      options.state, orElse: initialState, stackElementIDs: stackElementIDs)
    let sink = warnings
    self.store = Store(initialState: state) {
      reducer()
    } withDependencies: {
      $0.stackElementID = stackElementIDs
      scriptDependencies(&$0, clock: clock, warnings: sink)
      dependencies(&$0)
    }
  }

  deinit { store.cancelAllEffects() }

  var version: UInt64 { store.version }

  var pendingEffectSteps: Int { store.pendingEffectSteps }

  // MARK: - Sending

  func send(pathBytes: UnsafeRawBufferPointer, payload: [DataValue]) throws(LuaError) {
    // A loop sending the same literal gets Lua's interned string at the same address each time:
    // recognize it without building a String (the bytes are compared, as the address alone
    // could be a new string).
    if payload.isEmpty, deliverLastPath(if: { $0.matches(pathBytes) }) { return }
    try sendDecoding(
      path: String(decoding: pathBytes, as: UTF8.self), payload: payload,
      address: pathBytes.baseAddress)
  }

  func send(path: String, payload: [DataValue]) throws(LuaError) {
    // A client repeating its last action (a daemon client's loop, a test's taps) skips even the
    // cache's hashing: one compare of the bytes.
    if payload.isEmpty, deliverLastPath(if: { $0.matches(path) }) { return }
    try sendDecoding(path: path, payload: payload, address: nil)
  }

  /// Delivers the last path's action when `matches` says it is the path being sent; returns
  /// whether it did.
  private func deliverLastPath(if matches: (LastPath<R.Action>) -> Bool) -> Bool {
    lock.lock()
    let last = lastPath
    lock.unlock()
    guard let last else { return false }
    let path = unsafeDowncast(last, to: LastPath<R.Action>.self)
    guard matches(path) else { return false }
    deliver(path.action)
    return true
  }

  /// Sends a path that is not the last one sent: from the cache, or decoded; a cacheable path
  /// becomes the last one, remembered with `address` (where Lua keeps it) when it has one.
  ///
  /// Apart from the senders, whose repeat check then looks up no `Optional<Action>` metadata
  /// (unspecialized code fetches the metadata its function needs on entry).
  @inline(never)
  private func sendDecoding(
    path: String, payload: [DataValue], address: UnsafeRawPointer?
  ) throws(LuaError) {
    // Most scripts send the same few payload-less actions over and over: decode each path once.
    // Paths that count from the end of the stack (`-1`) or name a stack id (`@n`) depend on the
    // state, so they are decoded every time.
    let cacheable =
      payload.isEmpty
      && !path.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "@") })
    let action: R.Action
    if cacheable, let cached = lock.withLock({ cachedActions[path] }) {
      action = cached
    } else {
      action = try decode(try ActionPath.parse(path, payload: payload))
      if cacheable {
        lock.withLock { if cachedActions.count < 1024 { cachedActions[path] = action } }
      }
    }
    if cacheable {
      let last = LastPath(address: address, bytes: Array(path.utf8), action: action)
      lock.withLock { lastPath = last }
    }
    deliver(action)
  }

  func send(_ action: DataValue) throws(LuaError) {
    deliver(try decode(action))
  }

  private func decode(_ tree: DataValue) throws(LuaError) -> R.Action {
    try ValueModel.decodeAction(R.Action.self, from: tree, state: state)
  }

  var settlesAfterSend = true

  private func deliver(_ action: R.Action) {
    // A session's sends do not wait for their effects: without this, a client that sends
    // faster than the effects run queues them, and their memory, without bound.
    if !settlesAfterSend { store.waitForEffectBacklog(above: ScriptSession.effectBacklogLimit) }
    store.send(action)
    if settlesAfterSend { store.settleBlocking(timeout: timeout) }
  }

  // MARK: - Screens

  func screen() throws(LuaError) -> (version: UInt64, tree: NavigationTree) {
    let driver = try screenDriver()
    while true {
      let version = store.version
      let tree = driver.tree()
      if store.version == version { return (version, tree) }
    }
  }

  func use(_ decide: (NavigationTree) throws(LuaError) -> Activation?) throws(LuaError) {
    let driver = try screenDriver()
    screenLock.lock()
    defer { screenLock.unlock() }
    if let activation = try decide(driver.tree()) { driver.perform(activation) }
  }

  /// Held while the screen is used: render, decide and send, one use at a time.
  private let screenLock = NSLock()

  private func screenDriver() throws(LuaError) -> ScreenDriver<R.State, R.Action> {
    guard let view else {
      throw LuaError("the feature \(featureName) has no headless view: it has no screens to use")
    }
    let store = self.store
    let ids = stackElementIDs
    return ScreenDriver(
      state: { store.state }, send: { [weak self] in self?.deliver($0) },
      nextStackElementID: { ids() }, view: view)
  }

  // MARK: - State

  func state() throws(LuaError) -> DataValue {
    let version = store.version
    if let cached = lock.withLock({ cachedState }), cached.version == version {
      return cached.value
    }
    let value = try ValueModel.encode(store.state)
    lock.withLock { cachedState = (version, value) }
    return value
  }

  func watch() -> StateWatcher {
    let watcher = StateWatcher()
    watcher.observation = store.observe { change in
      guard change.stateChanged else { return }
      watcher.record { () throws(LuaError) in try ValueModel.encode(change.state) }
    }
    return watcher
  }

  func observeChanges(_ onChange: @escaping @Sendable (EncodedChange) -> Void) -> StoreObservation {
    store.observe { change in
      let action = change.action as? R.Action
      let state = change.state
      let stateChanged = change.stateChanged
      onChange(
        EncodedChange(
          version: change.version, stateChanged: stateChanged,
          encodeAction: { action.flatMap { try? ValueModel.encode($0) } ?? .null },
          encodeState: { stateChanged ? try? ValueModel.encode(state) : nil }))
    }
  }

  func observeWarnings(_ onWarning: @escaping @Sendable (String) -> Void) {
    warnings.setListener(onWarning)
  }

  func holdingChanges<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
    try store.withActionsHeld(body)
  }

  // MARK: - Time

  func advance(by duration: Duration) {
    guard let clock else {
      Thread.sleep(forTimeInterval: duration.seconds)
      settle()
      return
    }
    settle()
    clock.advanceBlocking(to: clock.now.advanced(by: duration)) {
      store.settleBlocking(timeout: timeout)
    }
  }

  func advanceToNextWakeUp(within limit: Duration) -> Duration? {
    guard let clock, let next = clock.nextDeadline else { return nil }
    let distance = clock.now.duration(to: next)
    guard distance <= limit else { return nil }
    clock.advanceBlocking(to: next) { store.settleBlocking(timeout: timeout) }
    return max(distance, .zero)
  }

  @discardableResult
  func settle() -> Bool { store.settleBlocking(timeout: timeout) }

  // MARK: - Ending

  func drainWarnings() -> [String] { warnings.drain() }

  func finishScenario() -> [String] {
    settle()
    var problems = drainWarnings().map { "runtime warning: \($0)" }
    for action in store.inFlightEffects {
      problems.append(
        """
        the \(featureName) store still has an effect running, started by: \(action). \
        Effects must finish before the end of a scenario: cancel long-living effects (timers, \
        streams), or advance the virtual clock until they complete.
        """)
    }
    store.cancelAllEffects()
    return problems
  }
}

/// The last path a script sent, by the address of Lua's interned string and its bytes.
///
/// A class, so that reading it under the lock copies one reference (a tuple of a generic action
/// went through value witnesses and metadata lookups on every send).
final class LastPath<Action>: @unchecked Sendable {
  /// Where Lua's interned string was, for a path a script sent; `nil` for a path sent as a
  /// `String`.
  let address: UnsafeRawPointer?
  let bytes: [UInt8]
  let action: Action

  init(address: UnsafeRawPointer?, bytes: [UInt8], action: Action) {
    self.address = address
    self.bytes = bytes
    self.action = action
  }

  /// Whether `path` is this path: the same address and the same bytes.
  func matches(_ path: UnsafeRawBufferPointer) -> Bool {
    address != nil && address == path.baseAddress && bytes.count == path.count
      && bytes.withUnsafeBytes { memcmp($0.baseAddress!, path.baseAddress!, $0.count) } == 0
  }

  /// Whether `path`'s UTF-8 bytes are this path's.
  func matches(_ path: String) -> Bool {
    var path = path
    return path.withUTF8 { utf8 in
      guard utf8.count == bytes.count else { return false }
      guard let start = utf8.baseAddress else { return true }
      return bytes.withUnsafeBytes { memcmp($0.baseAddress!, start, utf8.count) } == 0
    }
  }
}

/// The states a store passed through while one `await` watched it, recorded from effect threads.
final class StateWatcher: @unchecked Sendable {
  private let lock = NSLock()
  private var states: [Result<DataValue, LuaError>] = []
  private let changed = DispatchSemaphore(value: 0)
  var observation: StoreObservation?

  /// Records a state (encoded on the thread that changed it, so it is the state of that moment).
  func record(_ encode: () throws(LuaError) -> DataValue) {
    let state: Result<DataValue, LuaError>
    do { state = .success(try encode()) } catch { state = .failure(error) }
    lock.withLock { states.append(state) }
    changed.signal()
  }

  /// The states recorded since the last call, oldest first.
  func drain() throws(LuaError) -> [DataValue] {
    let recorded = lock.withLock {
      defer { states.removeAll() }
      return states
    }
    var values: [DataValue] = []
    for state in recorded { values.append(try state.get()) }
    return values
  }

  /// Blocks until a state is recorded or `deadline` passes.
  func wait(until deadline: ContinuousClock.Instant) {
    let remaining = ContinuousClock.now.duration(to: deadline)
    guard remaining > .zero else { return }
    _ = changed.wait(timeout: .now() + remaining.seconds)
  }

  /// Stops recording.
  func cancel() {
    observation?.cancel()
    observation = nil
  }

  deinit { observation?.cancel() }
}

/// One processed action of a store, in the value model.
///
/// The action and the state are encoded when first read, so an observer that needs neither (a
/// session nobody subscribed to) costs nothing per action. Read them on the thread that got
/// the change, before it returns.
public struct EncodedChange: @unchecked Sendable {
  /// The store's version after the action (it counts state changes).
  public var version: UInt64
  /// Whether the action changed the state.
  public var stateChanged: Bool
  private let encodeAction: () -> DataValue
  private let encodeState: () -> DataValue?

  init(
    version: UInt64, stateChanged: Bool, encodeAction: @escaping () -> DataValue,
    encodeState: @escaping () -> DataValue?
  ) {
    self.version = version
    self.stateChanged = stateChanged
    self.encodeAction = encodeAction
    self.encodeState = encodeState
  }

  /// The action.
  public var action: DataValue { encodeAction() }
  /// The new state, or `nil` when the action did not change it.
  public var state: DataValue? { encodeState() }
}
