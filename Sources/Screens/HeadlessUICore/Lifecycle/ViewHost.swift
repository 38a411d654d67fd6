// ViewHost: what keeps a hosted view tree alive between renders — its views' state and the
// lifecycle of each view, run as views enter and leave the screen.

import Composable
import Foundation

/// Keeps a session's views alive between renders: their `@State` (``ViewStateStorage``), and
/// their lifecycle, run as SwiftUI runs it on iOS.
///
/// After each render, the host compares the views on screen with the last render's: a view that
/// entered runs its `.onAppear` and starts its `.task`s; one that left runs its `.onDisappear`
/// and has its tasks cancelled; a `.task(id:)` whose id changed is restarted; an
/// `.onChange(of:)` whose value changed is called. "On screen" is every screen of the tree but
/// those under a pushed screen (a sheet leaves its presenter on screen, as on iOS).
public final class ViewHost: @unchecked Sendable {
  /// The views' own state.
  public let storage = ViewStateStorage()
  private let lock = NSLock()
  /// The hooks on screen after the last render, by identity.
  private var active: [ViewIdentity: LifecycleHook] = [:]
  /// The tasks running, by the identity of the `.task` that started them.
  private var tasks: [ViewIdentity: RunningTask] = [:]
  /// The `.refreshable` actions on screen, innermost last.
  private var refreshers: [ViewTaskAction] = []

  private struct RunningTask {
    let id: AnyHashableSendable?
    let task: Task<Void, Never>
    let token: UInt64
  }
  private var nextToken: UInt64 = 0
  private var sawHooks = false

  /// Whether any render declared a lifecycle hook: until one does, a send cannot make a view
  /// appear with something to run, and its owner need not render after each send.
  public var hasHooks: Bool { lock.withLock { sawHooks } }

  /// Creates a host with no views yet.
  public init() {}

  deinit {
    for running in tasks.values { running.task.cancel() }
  }

  /// Renders `make` as the host's tree: its views find their state and identity.
  func render(_ make: () -> ViewContent) -> (content: ViewContent, met: Set<ViewIdentity>) {
    let pass = RenderPass(storage: storage, environment: EnvironmentValues())
    let content = RenderPass.$current.withValue(pass) { make() }
    storage.keep(only: pass.met)
    return (content, pass.met)
  }

  /// Brings the lifecycle up to date with `hooks`, the hooks on screen now: runs the appearing
  /// and disappearing closures (returning what they sent) and starts and cancels tasks, whose
  /// sends go through `send` at once.
  ///
  /// Returns the actions the synchronous closures sent, and whether a task was started.
  func update(
    hooks: [LifecycleHook], send: @escaping @Sendable (RootAction) -> StoreTask
  ) -> (actions: [RootAction], startedTasks: Bool) {
    var now: [ViewIdentity: LifecycleHook] = [:]
    var order: [ViewIdentity] = []
    var refreshers: [ViewTaskAction] = []
    for hook in hooks {
      if now.updateValue(hook, forKey: hook.identity) == nil { order.append(hook.identity) }
      if case .refresh(let action) = hook.kind { refreshers.append(action) }
    }
    let (before, running) = lock.withLock {
      () -> ([ViewIdentity: LifecycleHook], Set<ViewIdentity>) in
      defer {
        active = now
        self.refreshers = refreshers
        if !now.isEmpty { sawHooks = true }
      }
      return (active, Set(tasks.keys))
    }

    var closures: [() -> Void] = []
    var toStart: [(ViewIdentity, AnyHashableSendable?, TaskPriority, ViewTaskAction)] = []
    var toCancel: [ViewIdentity] = []
    // Leaving first, as SwiftUI tells a screen it disappears before the next one appears.
    for (identity, hook) in before.sorted(by: { $0.key.description < $1.key.description })
    where now[identity] == nil {
      switch hook.kind {
      case .disappear(let action): closures.append(action)
      case .task: toCancel.append(identity)
      default: break
      }
    }
    for identity in order {
      guard let hook = now[identity] else { continue }
      let old = before[identity]
      switch hook.kind {
      case .appear(let action):
        if old == nil { closures.append(action) }
      case .task(let id, let priority, let action):
        if case .task(let oldID, _, _)? = old?.kind {
          // The same task, on screen still: restarted only when its id changed.
          guard oldID != id else { break }
          if running.contains(identity) { toCancel.append(identity) }
        }
        toStart.append((identity, id, priority, action))
      case .change(let value, let initial, let action):
        if case .change(let oldValue, _, _)? = old?.kind {
          if !oldValue.isEqual(value.base) { closures.append { action(oldValue, value) } }
        } else if initial {
          closures.append { action(value, value) }
        }
      case .disappear, .refresh:
        break
      }
    }

    for identity in toCancel { cancelTask(at: identity) }
    for (identity, id, priority, action) in toStart {
      startTask(at: identity, id: id, priority: priority, action: action, send: send)
    }
    let actions = ActionRecorder.record {
      for closure in closures {
        nonisolated(unsafe) let closure = closure
        MainActorRendering.assumeIsolated { closure() }
      }
    }
    return (actions, !toStart.isEmpty)
  }

  private func startTask(
    at identity: ViewIdentity, id: AnyHashableSendable?, priority: TaskPriority,
    action: ViewTaskAction, send: @escaping @Sendable (RootAction) -> StoreTask
  ) {
    let token = lock.withLock { () -> UInt64 in
      nextToken &+= 1
      return nextToken
    }
    let recorder = ActionRecorder(live: send)
    // Started on the main actor, where a view's task runs: its first job is queued there now,
    // so `drainMainActor()` after this sees it run up to its first wait.
    let task = Task(priority: priority) { @MainActor [weak self] in
      await ActionRecorder.$current.withValue(recorder) { await action.run() }
      self?.taskEnded(at: identity, token: token)
    }
    lock.withLock { tasks[identity] = RunningTask(id: id, task: task, token: token) }
  }

  private func cancelTask(at identity: ViewIdentity) {
    let running = lock.withLock { tasks.removeValue(forKey: identity) }
    running?.task.cancel()
  }

  private func taskEnded(at identity: ViewIdentity, token: UInt64) {
    lock.withLock {
      if tasks[identity]?.token == token { tasks[identity] = nil }
    }
  }

  /// The `.task`s still running, by the identity of their modifier
  /// (`AppView/RecordMeetingView/task`): a test can tell which screen's task is running.
  public var runningTasks: [String] {
    lock.withLock { tasks.keys.map(\.description).sorted() }
  }

  /// Whether the screen on top can be refreshed (it has a `.refreshable`).
  public var isRefreshable: Bool { lock.withLock { !refreshers.isEmpty } }

  /// Runs the innermost `.refreshable` on screen, its sends going through `send`, and returns
  /// the task awaiting it; `nil` when nothing on screen is refreshable.
  public func refresh(send: @escaping @Sendable (RootAction) -> StoreTask) -> Task<Void, Never>? {
    guard let action = lock.withLock({ refreshers.last }) else { return nil }
    let recorder = ActionRecorder(live: send)
    return Task { @MainActor in
      await ActionRecorder.$current.withValue(recorder) { await action.run() }
    }
  }

  /// Cancels every running task, as when the app goes away.
  public func cancelAll() {
    let running = lock.withLock {
      defer { tasks = [:] }
      return tasks
    }
    for task in running.values { task.task.cancel() }
  }

  /// Waits until the main actor has run what was queued on it before this call (the first steps
  /// of tasks just started), when called off the main thread; on it, returns at once.
  public static func drainMainActor() {
    guard !Thread.isMainThread else { return }
    for _ in 0..<3 { DispatchQueue.main.sync {} }
  }
}
