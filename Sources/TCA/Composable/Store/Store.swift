// Store: a running feature: its state, sends, observers, child scopes and settling.

import Foundation

/// A running feature: its current state, the reducer that evolves it, and the effects it started.
///
/// Create a root store from a reducer, send it actions, read its state, observe its changes:
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// store.send(.incrementButtonTapped)
/// store.state.count  // 1
/// ```
///
/// Unlike TCA's, navd's store is not tied to the main actor: it is thread-safe, so a Lua script,
/// a socket client and an effect can all send to it; each root store processes one action at a
/// time, in order. Several root stores in one process are independent, down to their effect
/// cancellation.
@dynamicMemberLookup
public final class Store<State, Action>: @unchecked Sendable {
  private let readState: () -> State
  private let sendAction: (Action) -> StoreTask
  private let observeChanges: (@escaping (StoreChange<State>) -> Void) -> StoreObservation
  private let readVersion: () -> UInt64
  private let root: AnyObject
  /// The root engine's effect bookkeeping, cast once: `isSettled` runs after every Lua send.
  private let inFlight: (any InFlightReporting)?

  // MARK: - Creating

  /// Creates a root store that runs `reducer` from `initialState`.
  ///
  /// `prepareDependencies` changes the dependencies in force for the reducer and its effects.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    func make() -> StoreRoot<State, Action> {
      var dependencies = DependencyValues.current
      // Every root store numbers its stack elements from #0.
      dependencies.stackElementID = StackElementIDGenerator()
      prepareDependencies?(&dependencies)
      return withDependencies({ $0 = dependencies }) {
        StoreRoot(initialState: initialState(), reducer: reducer(), dependencies: dependencies)
      }
    }
    // A preview's body, run again at every render, gets the stores its first run made.
    guard let run = StoreKeeper.current else {
      self.init(root: make())
      return
    }
    let (root, place, intercept) = run.keeper.root(in: run, make)
    self.init(root: root, send: { intercept(place, $0) ?? root.send($0) })
  }

  /// The root engine, for a keeper to find the root a store it kept runs on.
  var keptRoot: AnyObject { root }

  /// The generator a root store's stack elements take their ids from; `nil` for a store that
  /// is not a root store's (a scoped or rendering store).
  package var stackElementIDs: StackElementIDGenerator? {
    (root as? StoreRoot<State, Action>)?.dependencies._stackElementID
  }

  /// A store of `root`, whose sends go through `send` when given (a kept preview store's).
  init(root: StoreRoot<State, Action>, send: ((Action) -> StoreTask)? = nil) {
    self.root = root
    self.inFlight = root
    self.readState = { root.state }
    self.sendAction = send ?? { root.send($0) }
    self.observeChanges = { root.observe($0) }
    self.readVersion = { root.version }
  }

  /// Creates a store that shows `state` and hands what is sent to `send`, reducing nothing: the
  /// store a headless view renders with (HeadlessUI), a snapshot whose sends its controls record.
  ///
  /// Its version is `0`, its observers are never called, and it is always settled.
  package convenience init(rendering state: State, send: @escaping (Action) -> StoreTask) {
    self.init(
      root: RenderingRoot(),
      readState: { state },
      sendAction: send,
      observeChanges: { _ in StoreObservation(onCancel: {}) },
      readVersion: { 0 })
  }

  private init(
    root: AnyObject,
    readState: @escaping () -> State,
    sendAction: @escaping (Action) -> StoreTask,
    observeChanges: @escaping (@escaping (StoreChange<State>) -> Void) -> StoreObservation,
    readVersion: @escaping () -> UInt64
  ) {
    self.root = root
    self.inFlight = root as? any InFlightReporting
    self.readState = readState
    self.sendAction = sendAction
    self.observeChanges = observeChanges
    self.readVersion = readVersion
  }

  // MARK: - Using

  /// The current state.
  public var state: State { readState() }

  /// Calls `body` with the current state and returns its result.
  public func withState<R>(_ body: (State) -> R) -> R { body(readState()) }

  /// How many times the root store's state has changed.
  public var version: UInt64 { readVersion() }

  /// Sends `action` and returns a task for the effects it started.
  ///
  /// The reducer and every synchronous effect (`.send`) have run when this returns.
  @discardableResult
  public func send(_ action: Action) -> StoreTask { sendAction(action) }

  /// Sends `action` with `animation`: the same as without (a headless screen plays none).
  @discardableResult
  public func send(_ action: Action, animation: Animation?) -> StoreTask { sendAction(action) }

  /// Calls `onChange` after every action the root store processes, on the thread that processed
  /// it, until the returned observation is cancelled or released.
  ///
  /// `onChange` must not block; it may send actions, which are queued.
  public func observe(_ onChange: @escaping (StoreChange<State>) -> Void) -> StoreObservation {
    observeChanges(onChange)
  }

  /// Makes `recorder` the root store's recorder (a history), told of every action it processes
  /// before the observers, until the returned observation is cancelled or released.
  ///
  /// A store that is not a root (a scoped or rendering store) records nothing.
  package func record(into recorder: any StoreChangeRecorder) -> StoreObservation {
    guard let root = root as? StoreRoot<State, Action> else {
      return StoreObservation(onCancel: {})
    }
    return root.record(into: recorder)
  }

  /// An async sequence of the changes, starting with the next one.
  public var changes: AsyncStream<StoreChange<State>> {
    AsyncStream { continuation in
      let observation = self.observe { continuation.yield($0) }
      let box = UncheckedSendable(observation)
      continuation.onTermination = { _ in box.value.cancel() }
    }
  }

  // MARK: - Scoping

  /// Returns a store for a child feature: its state is derived from this store's, and its
  /// actions are sent to this store wrapped by `fromChildAction`.
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let readState = self.readState
    let sendAction = self.sendAction
    let observeChanges = self.observeChanges
    return Store<ChildState, ChildAction>(
      root: root,
      readState: { toChildState(readState()) },
      sendAction: { sendAction(fromChildAction($0)) },
      observeChanges: { onChange in
        observeChanges { change in
          onChange(
            StoreChange(
              action: change.action, state: toChildState(change.state), version: change.version,
              stateChanged: change.stateChanged, origin: change.origin))
        }
      },
      readVersion: readVersion
    )
  }

  /// Returns a store for the child at `toChildState`, whose actions embed through
  /// `toChildAction`.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: { $0[keyPath: toChildState] }, action: toChildAction.embed)
  }

  // MARK: - Internals for the test store, the Lua layer and the daemon

  /// The descriptions of the actions whose effects are still running in the root store.
  public var inFlightEffects: [String] {
    inFlight?.inFlightEffectDescriptions ?? []
  }

  /// Cancels every effect of the root store.
  public func cancelAllEffects() { inFlight?.cancelEverything() }

  /// Replaces the root store's whole state with `state`: a devtools jump.
  ///
  /// Every effect in flight is cancelled first (a timer of the state being left must not tick
  /// into the state restored), then the state is set and the version grows by one, so observers
  /// see an ordinary change, with `marker` as its action and ``StoreChangeOrigin/replacement``
  /// as its origin. Waits for the cancelled effects to finish, up to `timeout`. Does nothing on
  /// a store that is not a root store.
  ///
  /// With a `nil` state, the state and the version stay, and observers see an action that
  /// changed nothing: how an imported history restores an entry that changed nothing.
  package func replaceState(with state: State?, marker: Any, timeout: Duration = .seconds(1)) {
    guard let root = root as? StoreRoot<State, Action> else { return }
    root.replaceState(with: state, marker: marker)
    settleBlocking(timeout: timeout)
  }

  /// Runs `body` while the root store processes no action, and returns its result.
  ///
  /// No action is reduced and no observer is called until `body` returns, so what `body` reads
  /// (the state, the version) is exactly what the next observed change follows. `body` may read
  /// the state; an action it sends is processed before this returns.
  package func withActionsHeld<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    guard let inFlight else { return try body() }
    return try inFlight.holdingActions(body)
  }

  /// How many entries the root store's effect bookkeeping holds: its running tasks, the tokens
  /// they are filed under, and the cancellation counts running tasks compare.
  ///
  /// Bounded by what is live: a screen that was pushed and popped leaves nothing behind.
  package var effectBookkeepingCount: Int { inFlight?.bookkeepingCount ?? 0 }

  // MARK: - Settling

  /// How many effect steps of the root store are queued or running.
  package var pendingEffectSteps: Int { inFlight?.effectExecutor.pendingCount ?? 0 }

  /// Blocks the calling thread while more than `limit` effect steps of the root store are
  /// queued, until the ones queued before the call have run; returns at once otherwise.
  ///
  /// A host whose sends do not wait for their effects (a daemon's session) calls it before each
  /// send, so a client sending faster than the effects run is slowed to their pace instead of
  /// queueing work, and memory, without bound. Never call it holding a lock an effect or an
  /// observer takes; called from an effect of the same store, it returns at once.
  package func waitForEffectBacklog(above limit: Int) {
    guard let executor = inFlight?.effectExecutor, executor.pendingCount > limit else { return }
    executor.waitForQueuedSteps()
  }

  /// Whether every effect of the root store is suspended (on a clock, a stream, I/O) or finished.
  ///
  /// Effects run on a serial executor owned by the root store, so this is exact for effect code
  /// and the tasks it creates with `async let` or task groups; work in unstructured `Task {}`s
  /// an effect starts itself is not tracked.
  public var isSettled: Bool { inFlight?.settled ?? true }

  /// Waits until the root store's effects have settled, or `timeout` passes; returns whether they
  /// settled.
  @discardableResult
  public func settle(timeout: Duration = .seconds(1)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !isSettled {
      guard ContinuousClock.now < deadline else { return false }
      await Task.yield()
      if !isSettled { try? await Task.sleep(nanoseconds: 20_000) }
    }
    return true
  }

  /// Blocks the calling thread until the root store's effects have settled.
  ///
  /// Returns whether they settled before `timeout`. For synchronous hosts such as the Lua layer;
  /// never call it from an effect of the same store.
  @discardableResult
  public func settleBlocking(timeout: Duration = .seconds(1)) -> Bool {
    inFlight?.effectExecutor.runWaitingSteps()
    if isSettled { return true }
    let start = ContinuousClock.now
    let deadline = start + timeout
    // Effects usually settle within microseconds of a send (a task started, run to its first
    // suspension): yield the core to them first. A sleep, however short, costs Linux's timer
    // slack (50 µs) each time, which a settle after every step of a walk paid in full.
    let spinUntil = start + .microseconds(200)
    while !isSettled {
      let now = ContinuousClock.now
      guard now < deadline else { return false }
      if now < spinUntil { sched_yield() } else { usleep(20) }
      inFlight?.effectExecutor.runWaitingSteps()
    }
    return true
  }

  /// Makes the root store's effects run on the thread that settles the store
  /// (``settleBlocking(timeout:)``), when it settles, instead of on its effect queue.
  ///
  /// For an owner that settles the store after everything that can start or wake an effect,
  /// from one thread at a time (the explorer): each effect step then runs without a hand-off
  /// between threads. Effects queued when nobody settles afterwards wait, and an effect that
  /// blocks its thread blocks the settling one. Call it before the first send.
  package func runEffectsOnSettlingThread() {
    inFlight?.effectExecutor.runStepsOnSettlingThread()
  }
}

/// A store of feature `R`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// The root of a rendering store, which has no engine behind it.
private final class RenderingRoot {}

protocol InFlightReporting: AnyObject {
  var inFlightEffectDescriptions: [String] { get }
  var settled: Bool { get }
  var bookkeepingCount: Int { get }
  var effectExecutor: EffectExecutor { get }
  func cancelEverything()
  func holdingActions<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
    throws(Failure) -> Result
}

extension StoreRoot: InFlightReporting {
  var inFlightEffectDescriptions: [String] { inFlightEffects }
  var settled: Bool { isSettled }
  var effectExecutor: EffectExecutor { executor }
  func cancelEverything() { cancelAllEffects() }
}
