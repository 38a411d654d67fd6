// StoreRoot: the engine of a root store: state, action queue, effect tasks and cancellation.

import Foundation
import Synchronization

/// The engine of a root store: the state, the action queue, and the effect tasks with their
/// cancellation registry.
///
/// All mutation happens under one recursive lock, so a root store can be sent actions from any
/// thread. A `send` that arrives while the store is already processing on the same thread (from
/// an observer, or a `.send` effect) is queued and processed, first in first out, before the
/// outer `send` returns; `send`s from other threads wait their turn.
final class StoreRoot<State, Action>: @unchecked Sendable {
  /// A task the store started for an effect and has not seen finish.
  struct EffectTask {
    let task: Task<Void, Never>
    /// The action whose effect started the task; `nil` for a task nested in another one.
    let action: Any?
  }

  private let lock = NSRecursiveLock()
  // The mutable properties marked `@exclusivity(unchecked)` are only touched under `lock`,
  // which already rules out overlapping accesses: the run-time exclusivity check (a
  // thread-local lookup in the Swift runtime, ~80 instructions) is dropped on these hot paths.
  @exclusivity(unchecked) private var _state: State
  /// How many actions changed the state: written under `lock`, read without it (the daemon reads
  /// it after every send, and a recursive lock costs ~100 instructions).
  private let _version = Atomic<UInt64>(0)
  private let reduce: (inout State, Action) -> Effect<Action>
  /// The store's dependencies, behind the reference every send binds to the task; replaced
  /// (never changed in place) under the lock, so effects keep the values they started with.
  @exclusivity(unchecked) private var dependenciesReference: DependencyValues.Reference
  /// `==` on the state, when it is `Equatable` (`comparesState`), read through pointers.
  ///
  /// Not optional: this code is not specialized for the store's types, and unwrapping an
  /// optional closure looks up the optional's metadata on every action.
  private let isEqual: (UnsafePointer<State>, UnsafePointer<State>) -> Bool
  private let comparesState: Bool

  /// The serial executor every effect task of this store prefers.
  let executor = EffectExecutor()
  /// How many times each token a running effect task watches has been cancelled: a cancellable
  /// part that starts later, inside an effect task, is skipped when its token was cancelled after
  /// the effect was started.
  @exclusivity(unchecked) private var cancelGenerations = CancelGenerations()

  @exclusivity(unchecked) private var buffer: [Action] = []
  @exclusivity(unchecked) private var isSending = false
  @exclusivity(unchecked) private var nextTaskID = 0
  @exclusivity(unchecked) private var running: [Int: EffectTask] = [:]
  /// The dismissal listeners, oldest first, each with its id (from the tasks' own).
  ///
  /// Few at once (one per presented child or stack element), so kept in an array and found by
  /// a scan of their tokens, not filed in `cancellables` under each token: hashing a token's
  /// path of navigation ids to file, unfile and drop each listener was most of what a push,
  /// a pop and a relaunch's teardown cost.
  @exclusivity(unchecked) private var listeners: [(id: Int, listener: DismissalListener<Action>)] =
    []
  @exclusivity(unchecked) private var cancellables: [CancelToken: Set<Int>] = [:]
  /// What cancels work filed by `withTaskCancellation`, by number (filed in `cancellables` too).
  @exclusivity(unchecked) private var externalCancels: [Int: @Sendable () -> Void] = [:]
  @exclusivity(unchecked) private var nextObserverID = 0
  /// The observers in the order they started observing (ids ascending): notified in that order
  /// without sorting on every action.
  private var observers: [(id: Int, callback: (StoreChange<State>) -> Void)] = [] {
    didSet { hasObservers = !observers.isEmpty }
  }
  /// Whether `observers` is not empty, kept apart: asking the array, in this unspecialized
  /// code, looks up the metadata of its function type on every action.
  @exclusivity(unchecked) private var hasObservers = false
  /// The history's recorder, told of every action before the observers.
  @exclusivity(unchecked) private var recorder: (any StoreChangeRecorder)?
  /// Whether `recorder` is set, kept apart as `hasObservers` is.
  @exclusivity(unchecked) private var hasRecorder = false

  init<R: Reducer<State, Action>>(
    initialState: State, reducer: R, dependencies: DependencyValues
  ) {
    self._state = initialState
    self.reduce = { reducer.reduce(into: &$0, action: $1) }
    let relay = CancelRelay()
    var dependencies = dependencies
    dependencies.cancelRelay = relay
    self.dependenciesReference = DependencyValues.Reference(dependencies)
    let isEqual = equalityFunction(State.self)
    self.isEqual = isEqual ?? { _, _ in false }
    self.comparesState = isEqual != nil
    relay.handler = { [weak self] token in
      guard let self else { return }
      let dismissed = self.lock.withLock { self.cancel(token, dismissing: true) }
      // Outside the lock, as the listener's own task sent it in TCA.
      for action in dismissed { _ = self.send(action, origin: .effect) }
    }
    relay.register = { [weak self] token, cancelInFlight, cancelWork in
      guard let self else { return 0 }
      return self.lock.withLock {
        if cancelInFlight { self.cancel(token) }
        self.nextTaskID += 1
        let id = self.nextTaskID
        self.externalCancels[id] = cancelWork
        self.file(id, under: token)
        return id
      }
    }
    relay.unregister = { [weak self] token, id in
      guard let self else { return }
      self.lock.withLock {
        self.externalCancels[id] = nil
        self.unfile(id, under: [token])
      }
    }
  }

  deinit {
    // A `StoreTask` still waiting for a listener of this store would wait forever.
    for entry in listeners { entry.listener.end.finish() }
    CancellableEffects.filed(-cancellables.values.reduce(0) { $0 + $1.count })
  }

  /// The dependencies the next send runs with.
  var dependencies: DependencyValues { lock.withLock { dependenciesReference.values } }

  /// Changes the dependencies the next sends run with; effects already running keep theirs, as
  /// in TCA (a test sets `store.dependencies.apiClient` between sends).
  func replaceDependencies(_ change: (inout DependencyValues) -> Void) {
    lock.withLock {
      var values = dependenciesReference.values
      change(&values)
      dependenciesReference = DependencyValues.Reference(values)
    }
  }

  // MARK: - Reading

  var state: State { lock.withLock { _state } }

  var version: UInt64 { _version.load(ordering: .acquiring) }

  /// Descriptions of the actions whose effects are still running.
  var inFlightEffects: [String] {
    lock.withLock {
      running.sorted { $0.key < $1.key }.compactMap { $0.value.action.map(describeAction) }
    }
  }

  // MARK: - Sending

  func send(_ action: Action, origin: StoreChangeOrigin = .send) -> StoreTask {
    lock.lock()
    defer { lock.unlock() }
    guard !isSending else {
      buffer.append(action)
      return StoreTask()
    }
    isSending = true
    defer { isSending = false }

    var started = StartedEffects()
    // The task-local too, so that code reading `DependencyValues._current` directly, or a
    // `Task {}` started by a reducer, still sees the store's dependencies.
    DependencyValues.withTaskAndThread(dependenciesReference) {
      process(action, origin: origin, started: &started)
      var index = 0
      while index < buffer.count {
        let next = buffer[index]
        index += 1
        process(next, origin: .effect, started: &started)
      }
      if index > 0 { buffer.removeAll(keepingCapacity: true) }
    }

    guard !started.tasks.isEmpty || !started.listeners.isEmpty else { return StoreTask() }
    return StoreTask(tasks: started.tasks, listeners: started.listeners)
  }

  /// Reduces one action, starts its effect, then tells the observers.
  private func process(
    _ action: Action, origin: StoreChangeOrigin, started: inout StartedEffects
  ) {
    // No `Optional<State>` and no closure over it: this code is not specialized for the
    // store's types, so each would cost a run-time metadata lookup on every action.
    let effect: Effect<Action>
    let changed: Bool
    if comparesState {
      var before = _state
      // A change to shared state leaves the state equal to itself (a reference): counted apart.
      let sharedBefore = SharedMutations.count.load(ordering: .relaxed)
      effect = reduce(&_state, action)
      // Through pointers: passing `_state` by value copied the whole state (and destroyed the
      // copy) in this unspecialized code.
      changed =
        !withUnsafePointer(to: &before) { before in
          withUnsafeMutablePointer(to: &_state) { isEqual(before, UnsafePointer($0)) }
        } || SharedMutations.count.load(ordering: .relaxed) != sharedBefore
    } else {
      effect = reduce(&_state, action)
      changed = true
    }
    if changed { _version.wrappingAdd(1, ordering: .releasing) }
    if case .none = effect.operation {
    } else {
      start(effect, of: action, started: &started)
    }
    if hasRecorder { recordChange(action, changed: changed, origin: origin) }
    if hasObservers { notifyObservers(action, changed: changed, origin: origin) }
  }

  /// Tells the recorder about the action just processed.
  @inline(never)
  private func recordChange(_ action: Any, changed: Bool, origin: StoreChangeOrigin) {
    let version = _version.load(ordering: .relaxed)
    withUnsafePointer(to: &_state) { state in
      recorder?.record(
        action: action, state: UnsafeRawPointer(state), version: version, changed: changed,
        origin: origin)
    }
  }

  /// Starts the effect an action returned.
  ///
  /// Out of line, so that `process` does not look up `Optional<Action>`'s metadata (for
  /// `origin`) on every action, effect or not.
  @inline(never)
  private func start(
    _ effect: Effect<Action>, of action: Action, started: inout StartedEffects
  ) {
    execute(effect, tokens: [], origin: action, started: &started)
  }

  /// Tells the observers about the action just processed.
  ///
  /// Out of line, so that `process` does not look up `StoreChange<State>`'s metadata on every
  /// action, observed or not.
  @inline(never)
  private func notifyObservers(_ action: Any, changed: Bool, origin: StoreChangeOrigin) {
    let change = StoreChange(
      action: action, state: _state, version: _version.load(ordering: .relaxed),
      stateChanged: changed, origin: origin)
    for observer in observers { observer.callback(change) }
  }

  /// Cancels every effect, then replaces the state and tells the observers, with `marker` as the
  /// action: see ``Store/replaceState(with:marker:timeout:)``.
  func replaceState(with state: State?, marker: Any) {
    lock.withLock {
      for effect in running.values { effect.task.cancel() }
      dropAllListeners()
      // Whatever the cancelled effects had queued belongs to the state being left.
      buffer.removeAll()
      if let state {
        _state = state
        _version.wrappingAdd(1, ordering: .releasing)
      }
      let changed = state != nil
      if hasRecorder { recordChange(marker, changed: changed, origin: .replacement) }
      if hasObservers { notifyObservers(marker, changed: changed, origin: .replacement) }
    }
  }

  // MARK: - Observing

  func observe(_ callback: @escaping (StoreChange<State>) -> Void) -> StoreObservation {
    let id = lock.withLock {
      nextObserverID += 1
      observers.append((nextObserverID, callback))
      return nextObserverID
    }
    return StoreObservation { [weak self] in
      guard let self else { return }
      self.lock.withLock { self.observers.removeAll { $0.id == id } }
    }
  }

  /// Makes `recorder` the store's recorder until the observation is cancelled or released.
  func record(into recorder: any StoreChangeRecorder) -> StoreObservation {
    lock.withLock {
      self.recorder = recorder
      hasRecorder = true
    }
    let id = ObjectIdentifier(recorder)
    return StoreObservation { [weak self] in
      guard let self else { return }
      self.lock.withLock {
        guard let current = self.recorder, ObjectIdentifier(current) == id else { return }
        self.recorder = nil
        self.hasRecorder = false
      }
    }
  }

  // MARK: - Effects

  /// Starts `effect`: synchronous parts now (queued sends), asynchronous parts in tasks filed
  /// under every cancel token that encloses them.
  private func execute(
    _ effect: Effect<Action>, tokens: [CancelToken], origin: Action?,
    started: inout StartedEffects
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      buffer.append(action)
    case .run(let priority, let operation):
      started.tasks.append(
        spawn(priority: priority, tokens: tokens, origin: origin) { [weak self] in
          guard let self else { return }
          await operation(self.makeSend())
        })
    case .merge(let effects):
      for effect in effects {
        execute(effect, tokens: tokens, origin: origin, started: &started)
      }
    case .concatenate(let effects):
      if effects.dropLast().allSatisfy({ !$0.isAsynchronous }) {
        for effect in effects {
          execute(effect, tokens: tokens, origin: origin, started: &started)
        }
      } else {
        // Only the tokens this effect's cancellable parts name are compared later, and only
        // until it finishes: the store keeps their counts that long and no longer.
        let watched = effect.cancellableTokens
        let snapshot = CancelSnapshot(cancelGenerations.watch(watched))
        started.tasks.append(
          spawn(priority: nil, tokens: tokens, origin: origin) { [weak self] in
            guard let self else { return }
            await self.run(effect, tokens: tokens, snapshot: snapshot)
            self.lock.withLock { self.cancelGenerations.unwatch(watched) }
          })
      }
    case .cancellable(let token, let cancelInFlight, let inner):
      if cancelInFlight { cancel(token) }
      execute(inner, tokens: tokens + [token], origin: origin, started: &started)
    case .cancel(let token):
      cancel(token)
    case .cancelNavigation(let path):
      cancel(under: path)
    case .untracked(let inner):
      execute(inner, tokens: tokens, origin: nil, started: &started)
    case .listen(let path, let action):
      started.listeners.append(listen(at: path, sending: action, tokens: tokens))
    }
  }

  /// Runs `effect` inside an effect task, returning when all of it has finished.
  ///
  /// `snapshot` holds the cancellation counts from when the effect was started, so a part marked
  /// cancellable that a `.cancel(id:)` targeted before the part began never runs.
  private func run(
    _ effect: Effect<Action>, tokens: [CancelToken], snapshot: CancelSnapshot
  ) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      makeSend().sendNow(action)
    case .run(_, let operation):
      await operation(makeSend())
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { [weak self] in
            await self?.run(effect, tokens: tokens, snapshot: snapshot)
          }
        }
      }
    case .concatenate(let effects):
      for effect in effects {
        if Task.isCancelled { return }
        await run(effect, tokens: tokens, snapshot: snapshot)
      }
    case .cancellable(let token, let cancelInFlight, let inner):
      // The inner effect gets a task of its own so cancelling the token stops it alone, and
      // whatever is concatenated after it still runs (TCA's `.cancellable(...).concatenate(...)`).
      let task = lock.withLock { () -> Task<Void, Never>? in
        if cancelInFlight {
          cancel(token)
          snapshot.record(token, cancelGenerations.generation(of: token))
        } else if snapshot.generation(of: token) != cancelGenerations.generation(of: token) {
          return nil
        }
        return register(tokens: tokens + [token], origin: nil) { [weak self] in
          await self?.run(inner, tokens: tokens + [token], snapshot: snapshot)
        }.task
      }
      guard let task else { return }
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
    case .cancel(let token):
      lock.withLock {
        cancel(token)
        snapshot.record(token, cancelGenerations.generation(of: token))
      }
    case .cancelNavigation(let path):
      lock.withLock { cancel(under: path) }
    case .untracked(let inner):
      await run(inner, tokens: tokens, snapshot: snapshot)
    case .listen(let path, let action):
      // As TCA's listener run part after part: skipped when cancelled before it began, and
      // sending at once when `dismiss()` came first.
      let outcome = lock.withLock { () -> ListenerStart in
        let own = DismissalListener<Action>.tokens(at: path, under: [])
        func cancelledSinceStart(_ token: CancelToken) -> Bool {
          snapshot.generation(of: token) != cancelGenerations.generation(of: token)
        }
        if cancelledSinceStart(own[0]) { return .skipped }
        if cancelledSinceStart(own[1]) { return .dismissed }
        return .waiting(listen(at: path, sending: action, tokens: tokens))
      }
      switch outcome {
      case .skipped: return
      case .dismissed: makeSend().sendNow(action)
      case .waiting(let end):
        await withTaskCancellationHandler {
          await end.wait()
        } onCancel: {
          end.cancel()
        }
      }
    }
  }

  /// How a listener met inside an effect task starts.
  private enum ListenerStart {
    case skipped
    case dismissed
    case waiting(ListenerEnd)
  }

  /// Files a dismissal listener at `path` under `tokens` and its own; must be called under the
  /// lock.
  private func listen(
    at path: NavigationIDPath, sending action: Action, tokens: [CancelToken]
  ) -> ListenerEnd {
    nextTaskID += 1
    let id = nextTaskID
    let end = ListenerEnd { [weak self] in
      guard let self else { return }
      self.lock.withLock { _ = self.dropListener(id) }
    }
    let all = DismissalListener<Action>.tokens(at: path, under: tokens)
    listeners.append((id, DismissalListener(path: path, action: action, tokens: all, end: end)))
    return end
  }

  /// Removes listener `id` from the books and ends it; returns it, if it was there.
  ///
  /// Must be called under the lock.
  @discardableResult
  private func dropListener(_ id: Int) -> DismissalListener<Action>? {
    guard let index = listeners.firstIndex(where: { $0.id == id }) else { return nil }
    let listener = listeners.remove(at: index).listener
    listener.end.finish()
    return listener
  }

  /// Ends the listeners `isEnding` picks, oldest first, and returns them; must be called under
  /// the lock.
  @discardableResult
  private func dropListeners(where isEnding: (DismissalListener<Action>) -> Bool)
    -> [DismissalListener<Action>]
  {
    guard !listeners.isEmpty else { return [] }
    var ended: [DismissalListener<Action>] = []
    listeners.removeAll { entry in
      guard isEnding(entry.listener) else { return false }
      ended.append(entry.listener)
      return true
    }
    for listener in ended { listener.end.finish() }
    return ended
  }

  /// Files task `id` under `token`; must be called under the lock.
  private func file(_ id: Int, under token: CancelToken) {
    if cancellables[token, default: []].insert(id).inserted { CancellableEffects.filed(1) }
  }

  /// Takes task `id` out of the books under each of `tokens`; must be called under the lock.
  ///
  /// One look-up per token: a token's path is an array of navigation ids, and hashing it three
  /// times (read, test, clear) was most of what ending an effect's bookkeeping cost.
  private func unfile(_ id: Int, under tokens: [CancelToken]) {
    for token in tokens {
      guard let index = cancellables.index(forKey: token) else { continue }
      if cancellables.values[index].remove(id) != nil { CancellableEffects.filed(-1) }
      if cancellables.values[index].isEmpty { cancellables.remove(at: index) }
    }
  }

  /// Ends every listener without sending; must be called under the lock.
  private func dropAllListeners() {
    dropListeners { _ in true }
  }

  private func spawn(
    priority: TaskPriority?, tokens: [CancelToken], origin: Action?,
    _ body: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    register(priority: priority, tokens: tokens, origin: origin, body).task
  }

  /// Starts a task and files it; must be called under the lock, so the task cannot finish
  /// before it is filed.
  private func register(
    priority: TaskPriority? = nil, tokens: [CancelToken], origin: Action?,
    _ body: @escaping @Sendable () async -> Void
  ) -> (id: Int, task: Task<Void, Never>) {
    nextTaskID += 1
    let id = nextTaskID
    let dependencies = self.dependenciesReference
    let task = Task(executorPreference: executor, priority: priority) { [weak self] in
      await DependencyValues.$_task.withValue(dependencies) { await body() }
      self?.finished(id: id, tokens: tokens)
    }
    running[id] = EffectTask(task: task, action: origin.map { $0 as Any })
    for token in tokens { file(id, under: token) }
    return (id, task)
  }

  private func finished(id: Int, tokens: [CancelToken]) {
    lock.withLock {
      running[id] = nil
      unfile(id, under: tokens)
    }
  }

  /// Cancels every task filed under `token`, and ends the listeners filed under it.
  ///
  /// With `dismissing` (a `dismiss()`), a listener whose dismiss token it is sends its action:
  /// returned, oldest first, to be sent once the lock is let go. Must be called under the lock.
  @discardableResult
  private func cancel(_ token: CancelToken, dismissing: Bool = false) -> [Action] {
    cancelGenerations.cancelled(token)
    if let ids = cancellables.removeValue(forKey: token) {
      CancellableEffects.filed(-ids.count)
      for id in ids.sorted() {
        running[id]?.task.cancel()
        externalCancels.removeValue(forKey: id)?()
      }
    }
    var dismissed: [Action] = []
    for listener in dropListeners(where: { $0.tokens.contains(token) })
    where dismissing && listener.dismissToken == token {
      dismissed.append(listener.action)
    }
    return dismissed
  }

  /// Cancels every task filed under a token at or below `path` in the navigation tree.
  ///
  /// Must be called under the lock.
  private func cancel(under path: NavigationIDPath) {
    // The listeners filed there end without sending, whichever of their tokens comes first.
    dropListeners { listener in
      listener.tokens.contains { $0.navigationIDPath.starts(with: path) }
    }
    for token in cancellables.keys where token.navigationIDPath.starts(with: path) {
      cancel(token)
    }
  }

  /// Cancels every running effect, and ends every listener.
  func cancelAllEffects() {
    lock.withLock {
      for effect in running.values { effect.task.cancel() }
      dropAllListeners()
    }
  }

  /// Runs `body` holding the lock an action is processed and its observers called under.
  func holdingActions<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// How many entries the effect bookkeeping holds: tasks, their tokens, watched counts.
  var bookkeepingCount: Int {
    lock.withLock {
      running.count + listeners.count + cancellables.count + cancelGenerations.count
    }
  }

  /// Whether every effect task is suspended or finished.
  var isSettled: Bool { executor.isIdle }

  private func makeSend() -> Send<Action> {
    Send { [weak self] action in _ = self?.send(action, origin: .effect) }
  }
}
