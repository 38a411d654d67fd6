// LaunchedStore: a feature's store launched for scripts, its sends, state, screen and effects.

import Composable
import Foundation
import HeadlessUICore
import NavSync
import NavValue

/// The store behind a `navd.launch` handle.
final class LaunchedStore<R: Reducer>: ScriptedStore, @unchecked Sendable {
  let featureName: String
  let timeout: Duration
  let clockMode: LaunchOptions.ClockMode
  private let store: Store<R.State, R.Action>
  /// How the state and actions cross into the value model.
  private let values: FeatureValues<R.State, R.Action>
  private let clock: TestClock<Duration>?
  private let warnings: WarningSink
  // The mutable properties marked `@exclusivity(unchecked)` are only touched under `lock`,
  // which already rules out overlapping accesses: the run-time exclusivity check (a
  // thread-local lookup in the Swift runtime, ~80 instructions) is dropped on these hot paths.
  @exclusivity(unchecked) private var cachedState: (version: UInt64, value: DataValue)?
  /// The last path sent, a `LastPath<R.Action>`, kept as `AnyObject`: reading an optional of
  /// the generic class looked up `Optional`'s metadata at run time on every send.
  @exclusivity(unchecked) private var lastPath: AnyObject?
  /// Guards the caches: a daemon session is shared by the threads of several clients.
  ///
  /// NavSync's lock, not `NSLock`: every send takes it, and `NSLock`'s class call into a
  /// `pthread_mutex_t` cost several times the inlined compare-and-swap.
  private let lock = Lock()

  /// The feature's headless view, when it has one.
  private let view: ((Store<R.State, R.Action>) -> ViewContent)?
  /// The store's stack element ids: a link's push takes the next one, as the reducer's own
  /// pushes do.
  private let stackElementIDs: StackElementIDGenerator
  /// What a render depends on besides the store's state and the views' own: a preview's other
  /// stores' versions.
  private let contentVersion: (() -> UInt64)?

  /// Every action the store processed, with the state it left.
  private let history: StoreHistory<R.State>
  /// The registration that fills `history`.
  private var historyObservation: StoreObservation?
  /// Whether the store's effects run on the thread that settles it (the explorer's stores).
  private let runsEffectsOnSettlingThread: Bool
  /// When the store was launched, on the live clock.
  private let launchedAt = ContinuousClock.now

  convenience init(
    name: String, options: LaunchOptions, values: FeatureValues<R.State, R.Action> = .init(),
    initialState: () -> R.State, reducer: () -> R,
    dependencies: @escaping (inout DependencyValues) -> Void,
    view: ((Store<R.State, R.Action>) -> ViewContent)? = nil
  ) throws(NavError) {
    let environment = LaunchEnvironment(options, dependencies: dependencies)
    // Ids a launch state names are reserved in the store's own generator, so a push after it
    // gets a new one.
    let state = try values.launchState(
      options.state, initial: initialState, stackElementIDs: environment.stackElementIDs,
      dependencies: environment.prepare)
    let store = Store(
      initialState: state, reducer: reducer, withDependencies: environment.prepare)
    self.init(
      name: name, options: options, values: values, environment: environment, store: store,
      view: view)
  }

  /// A launched store driving `store`, made with `environment`'s dependencies (a preview's).
  ///
  /// A render is a function of the store's state, of the views' own state and of
  /// `contentVersion`, when given (a preview's other stores).
  init(
    name: String, options: LaunchOptions, values: FeatureValues<R.State, R.Action>,
    environment: LaunchEnvironment, store: Store<R.State, R.Action>,
    view: ((Store<R.State, R.Action>) -> ViewContent)?,
    contentVersion: (() -> UInt64)? = nil
  ) {
    self.featureName = name
    self.values = values
    self.timeout = options.timeout
    self.clockMode = options.clock
    self.view = view
    self.contentVersion = contentVersion
    self.clock = environment.clock
    self.warnings = environment.warnings
    // A store made elsewhere (a preview's) numbers its stack elements itself.
    self.stackElementIDs = store.stackElementIDs ?? environment.stackElementIDs
    self.store = store
    runsEffectsOnSettlingThread = options.effectsOnSettlingThread && clock != nil
    if runsEffectsOnSettlingThread { store.runEffectsOnSettlingThread() }
    self.history = StoreHistory(
      capacity: options.history, state: store.state, version: store.version, clock: clock,
      launchedAt: launchedAt)
    if options.history > 0 { historyObservation = store.record(into: history) }
  }

  deinit {
    viewHost.cancelAll()
    store.cancelAllEffects()
    // Nobody else runs the cancelled effects' last steps.
    if runsEffectsOnSettlingThread { store.settleBlocking(timeout: timeout) }
  }

  var version: UInt64 { store.version }

  var pendingEffectSteps: Int { store.pendingEffectSteps }

  // MARK: - Sending

  func send(pathBytes: UnsafeRawBufferPointer, payload: [DataValue]) throws(NavError) {
    try sendLock.check()
    // A loop sending the same literal gets Lua's interned string at the same address each time:
    // recognize it without building a String (the bytes are compared, as the address alone
    // could be a new string).
    if payload.isEmpty, deliverLastPath(if: { $0.matches(pathBytes) }) { return }
    try sendDecoding(
      path: String(decoding: pathBytes, as: UTF8.self), payload: payload,
      address: pathBytes.baseAddress)
  }

  func send(path: String, payload: [DataValue]) throws(NavError) {
    try sendLock.check()
    // A client repeating its last action (a daemon client's loop, a test's taps) skips even the
    // cache's hashing: one compare of the bytes.
    if payload.isEmpty, deliverLastPath(if: { $0.matches(path) }) { return }
    try sendDecoding(path: path, payload: payload, address: nil)
  }

  /// Delivers the last path's action when `matches` says it is the path being sent; returns
  /// whether it did.
  private func deliverLastPath(if matches: (LastPath<R.Action>) -> Bool) -> Bool {
    guard let last = lock.withLock({ lastPath }) else { return false }
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
  ) throws(NavError) {
    // Most scripts send the same few payload-less actions over and over: decode each path once
    // per feature (a launched store finds those every store before it decoded).
    // Paths that count from the end of the stack (`-1`) or name a stack id (`@n`) depend on the
    // state, so they are decoded every time.
    let cacheable =
      payload.isEmpty
      && !path.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "@") })
    let action: R.Action
    if cacheable, let cached = values.actionCache.action(for: path) {
      action = cached
    } else {
      action = try decode(try ActionPath.parse(path, payload: payload))
      if cacheable { values.actionCache.keep(action, for: path) }
    }
    if cacheable {
      let last = LastPath(address: address, bytes: Array(path.utf8), action: action)
      lock.withLock { lastPath = last }
    }
    deliver(action)
  }

  func send(_ action: DataValue) throws(NavError) {
    try sendLock.check()
    deliver(try decode(action))
  }

  private func decode(_ tree: DataValue) throws(NavError) -> R.Action {
    try values.action(from: tree, state: state)
  }

  var settlesAfterSend = true

  private func deliver(_ action: R.Action) {
    // A session's sends do not wait for their effects: without this, a client that sends
    // faster than the effects run queues them, and their memory, without bound.
    if !settlesAfterSend { store.waitForEffectBacklog(above: ScriptSession.effectBacklogLimit) }
    store.send(action)
    if settlesAfterSend { store.settleBlocking(timeout: timeout) }
    updateLifecycle()
  }

  // MARK: - Screens

  func screen() throws(NavError) -> (version: UInt64, tree: NavigationTree) {
    try render()
  }

  func use(_ decide: (NavigationTree) throws(NavError) -> Activation?) throws(NavError) {
    try sendLock.check()
    let driver = try screenDriver()
    screenLock.lock()
    defer { screenLock.unlock() }
    if let activation = try decide(try render().tree) { driver.perform(activation) }
    // A use may change only view state (a tab, an edit mode), or show views that declare a
    // lifecycle for the first time: render, so they appear.
    _ = try render()
  }

  func perform(_ activation: Activation) throws(NavError) {
    try sendLock.check()
    let driver = try screenDriver()
    screenLock.lock()
    defer { screenLock.unlock() }
    driver.perform(activation)
    _ = try render()
  }

  /// The screen now, rendered with the views' lifecycle brought up to date; the last render
  /// when neither the state nor the views' own state changed since (a render is a function of
  /// both).
  private func render() throws(NavError) -> (version: UInt64, tree: NavigationTree) {
    let driver = try screenDriver()
    // One render at a time: the views' lifecycle is brought up to date by each. A reader that
    // finds another render under way does not wait for it: it may hold the store's actions
    // (a subscription takes its first screen so), which that render's reads wait for.
    guard screenLock.try() else {
      let version = store.version
      return (version, driver.treeWithoutLifecycle())
    }
    defer { screenLock.unlock() }
    let content = contentVersion?() ?? 0
    if let last = lastRender, last.version == store.version,
      last.viewVersion == viewHost.storage.version, last.content == content
    {
      return (last.version, last.tree)
    }
    let outer = updatingLifecycle
    updatingLifecycle = true
    defer { updatingLifecycle = outer }
    while true {
      // The version the last render started from: the lifecycle's own sends are rendered by
      // the driver, so only a change made after that render began (another thread's) renders
      // again here.
      var shown = store.version
      let tree = driver.tree(willRender: { shown = store.version })
      if store.version == shown {
        lastRender = (shown, viewHost.storage.version, content, tree)
        return (shown, tree)
      }
    }
  }

  /// The last render, with the versions of the state and of the views' state it shows.
  @exclusivity(unchecked) private var lastRender:
    (version: UInt64, viewVersion: UInt64, content: UInt64, tree: NavigationTree)?

  var inFlightEffects: [String] { store.inFlightEffects }

  /// Held while the screen is used: render, decide and send, one use at a time.
  ///
  /// Recursive: a use's sends bring the lifecycle up to date, which renders again.
  private let screenLock = NSRecursiveLock()

  /// The views' state and lifecycle, kept between renders once the screens are used.
  private let viewHost = ViewHost()
  /// Whether the screens have been used, under `lock`.
  ///
  /// From then on every send brings the views' lifecycle up to date (a pushed screen's
  /// `.onAppear` runs whoever pushed it).
  @exclusivity(unchecked) private var screensInUse = false
  /// Whether the lifecycle is being brought up to date (its own sends do not start another).
  @exclusivity(unchecked) private var updatingLifecycle = false

  private func screenDriver() throws(NavError) -> ScreenDriver<R.State, R.Action> {
    guard let view else {
      throw NavError("the feature \(featureName) has no headless view: it has no screens to use")
    }
    let store = self.store
    let ids = stackElementIDs
    let timeout = self.timeout
    lock.withLock { screensInUse = true }
    return ScreenDriver(
      state: { store.state }, send: { [weak self] in self?.deliver($0) },
      nextStackElementID: { ids() }, view: view, host: viewHost,
      sendLive: { store.send($0) }, settle: { store.settleBlocking(timeout: timeout) })
  }

  /// Renders once, so that views that entered or left the screen with the last send run their
  /// lifecycle; only once the screens are in use, and not from inside that update.
  private func updateLifecycle() {
    guard lock.withLock({ screensInUse }), view != nil, viewHost.hasHooks else { return }
    // A render under way on another thread brings the lifecycle up to date itself.
    guard screenLock.try() else { return }
    defer { screenLock.unlock() }
    guard !updatingLifecycle else { return }
    _ = try? render()
  }

  /// The view tasks still running, by the identity of their `.task`.
  var runningViewTasks: [String] { viewHost.runningTasks }

  /// Whether the screen last rendered has a `.refreshable`.
  var isRefreshable: Bool { viewHost.isRefreshable }

  /// The views' own state now.
  var viewState: [(view: ViewIdentity, name: String, value: Any)] { viewHost.storage.values }

  /// Runs the `.refreshable` of the screen on top and waits for it; `false` when nothing on
  /// screen is refreshable.
  func refresh() throws(NavError) -> Bool {
    try sendLock.check()
    _ = try screen()
    let store = self.store
    guard
      let task = viewHost.refresh(send: { action in
        store.send(ScreenDriver<R.State, R.Action>.cast(action))
      })
    else { return false }
    let done = DispatchSemaphore(value: 0)
    Task {
      await task.value
      done.signal()
    }
    // The refresh awaits effects that need the store settled to finish.
    while done.wait(timeout: .now() + .milliseconds(5)) == .timedOut {
      store.settleBlocking(timeout: timeout)
    }
    store.settleBlocking(timeout: timeout)
    updateLifecycle()
    return true
  }

  // MARK: - History

  func history(since: UInt64?, after: Int?, limit: Int?) throws(NavError) -> HistorySlice {
    let values = self.values
    return try history.slice(
      since: since, after: after, limit: limit, version: store.version,
      encodeState: values.encodeState,
      encodeAction: { ($0 as? R.Action).map(values.encodeAction) ?? .null })
  }

  func jump(to version: UInt64) throws(NavError) {
    try sendLock.check()
    guard history.capacity > 0 else {
      throw NavError("the \(featureName) store keeps no history (history = 0): it cannot jump")
    }
    guard let state = history.state(at: version) else {
      let kept = history.versions
      throw NavError(
        "version \(version) is not in the history of the \(featureName) store, which holds "
          + "versions \(kept.lowerBound) to \(kept.upperBound)")
    }
    store.replaceState(with: state, marker: HistoryJump(version: version), timeout: timeout)
  }

  var actionType: Any.Type { R.Action.self }

  let sendLock = SendLock()

  func export(skipping: Set<Int>) throws(NavError) -> ReplayDocument {
    guard history.capacity > 0 else {
      throw NavError("the \(featureName) store keeps no history (history = 0): nothing to export")
    }
    return try store.withActionsHeld { () throws(NavError) -> ReplayDocument in
      let start = history.start
      var steps: [(at: Double, step: ReplayDocument.Step)] = []
      let (first, entries) = history.numberedEntries
      for sequence in skipping {
        let index = sequence - first
        guard entries.indices.contains(index) else {
          throw NavError(
            "entry \(sequence) is not in the history, which holds entries \(first) to "
              + "\(first + entries.count - 1): it cannot be skipped")
        }
        guard entries[index].origin != .effect else {
          throw NavError(
            "entry \(sequence) was sent by an effect, which sends it again in a replay: skip "
              + "the action that started the effect")
        }
      }
      for (index, entry) in entries.enumerated() where entry.origin != .effect {
        if !skipping.isEmpty, skipping.contains(first + index) { continue }
        let at = Double(entry.offset - start.offset) / 1e9
        if let jump = entry.action as? HistoryJump {
          guard jump.version >= start.version else {
            throw NavError(
              "the history kept no longer reaches version \(jump.version), which a jump in it "
                + "went back to: export sooner, or keep a longer history")
          }
          steps.append((at, .jump(jump.version - start.version)))
        } else if let action = entry.action as? R.Action {
          steps.append((at, .send(values.encodeAction(action))))
        }
      }
      let now = history.clockOffset
      var document = ReplayDocument(
        feature: featureName, initialState: try values.encodeState(start.state), steps: steps,
        duration: Double(now - start.offset) / 1e9,
        final: skipping.isEmpty
          ? (store.version - start.version, try values.encodeState(store.state)) : nil)
      if skipping.isEmpty { document.recorded = try recordedHistory(duration: document.duration) }
      return document
    }
  }

  /// The history kept, each entry with the state it left, versions and times counted from its
  /// start; call with actions held.
  private func recordedHistory(duration: Double) throws(NavError) -> RecordedHistory {
    let slice = try history(since: nil, after: nil, limit: nil)
    let start = history.start
    let startSeconds = Double(start.offset) / 1e9
    return RecordedHistory(
      entries: slice.entries.map { record in
        RecordedHistory.Entry(
          version: record.version - start.version, origin: record.origin, action: record.action,
          jump: record.jump.map { $0 - start.version }, at: record.offset - startSeconds,
          wall: record.wall, client: record.client, state: record.state)
      }, duration: duration)
  }

  func restore(_ recorded: RecordedHistory) throws(NavError) {
    var duration = Int64((recorded.duration * 1e9).rounded())
    for (index, entry) in recorded.entries.enumerated() {
      let action: Any
      if let jump = entry.jump {
        action = HistoryJump(version: jump)
      } else {
        do throws(NavError) {
          action = try values.action(from: entry.action, state: { .null })
        } catch {
          throw NavError("history entry \(index + 1)'s action: \(error.message)")
        }
      }
      var state: R.State?
      if let value = entry.state {
        do throws(NavError) {
          state = try values.state(value, changing: store.state)
        } catch {
          throw NavError("history entry \(index + 1)'s state: \(error.message)")
        }
      }
      let origin: StoreChangeOrigin =
        switch entry.origin {
        case .send: .send
        case .effect: .effect
        case .jump: .replacement
        }
      let offset = Int64((entry.at * 1e9).rounded())
      duration = max(duration, offset)
      store.replaceState(
        with: state,
        marker: HistoryImport(
          action: action, origin: origin, offset: offset, wall: entry.wall,
          client: entry.client.map { Int32(truncatingIfNeeded: $0 + 1) } ?? 0),
        timeout: timeout)
    }
    history.restoredDuration = max(0, duration - history.clockOffset)
    updateLifecycle()
  }

  // MARK: - State

  func state() throws(NavError) -> DataValue {
    let version = store.version
    if let cached = lock.withLock({ cachedState }), cached.version == version {
      return cached.value
    }
    let value = try values.encodeState(store.state)
    lock.withLock { cachedState = (version, value) }
    return value
  }

  func snapshot() -> StateSnapshot? {
    values.statesAreEquatable ? TypedStateSnapshot(store.state) : nil
  }

  func isInState(_ snapshot: StateSnapshot) -> Bool {
    guard let snapshot = snapshot as? TypedStateSnapshot<R.State> else { return false }
    return values.statesEqual(store.state, snapshot.state)
  }

  func watch() -> StateWatcher {
    let watcher = StateWatcher()
    let encode = values.encodeState
    watcher.observation = store.observe { change in
      guard change.stateChanged else { return }
      watcher.record { () throws(NavError) in try encode(change.state) }
    }
    return watcher
  }

  func observeChanges(_ onChange: @escaping @Sendable (EncodedChange) -> Void) -> StoreObservation {
    let values = self.values
    return store.observe { change in
      let action = change.action as? R.Action
      let state = change.state
      let stateChanged = change.stateChanged
      var encoded = EncodedChange(
        version: change.version, stateChanged: stateChanged,
        encodeAction: { action.map(values.encodeAction) ?? .null },
        encodeState: { stateChanged ? try? values.encodeState(state) : nil })
      if change.origin == .replacement { encoded.jump = (change.action as? HistoryJump)?.version }
      onChange(encoded)
    }
  }

  func observeWarnings(_ onWarning: @escaping @Sendable (String) -> Void) {
    warnings.setListener(onWarning)
  }

  func holdingChanges<T>(_ body: () throws(NavError) -> T) throws(NavError) -> T {
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

  func cancelEffects() -> Int {
    let running = store.inFlightEffects.count
    store.cancelAllEffects()
    store.settleBlocking(timeout: timeout)
    return running
  }

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
