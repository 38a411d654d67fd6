// StoreTask, StoreChange and StoreObservation: what a store's sends and observers get back.

import Synchronization

/// The effects started by one `send`, as a task that can be awaited or cancelled.
///
/// Nothing runs until somebody waits: TCA's `StoreTask` wraps a task that awaits every effect,
/// started with each send, which here cost a task, a wake-up of a thread of the global executor
/// on every send that started an effect, and another whenever an effect ended, though almost
/// no send is ever awaited. ``finish()`` awaits the effects themselves.
public struct StoreTask: Hashable, Sendable {
  /// Tasks compare by the send they come from.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.effects === rhs.effects }

  /// Hashes the send the task comes from.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(effects.map(ObjectIdentifier.init))
  }

  /// The effects of the send; `nil` when it started none.
  private let effects: Effects?

  /// A task of a send that started no effect: finished, and counted as cancelled, as TCA's is.
  package init() { effects = nil }

  /// The task of a send that started `tasks` and the dismissal listeners `listeners`.
  init(tasks: [Task<Void, Never>], listeners: [ListenerEnd] = []) {
    effects = Effects(tasks, listeners: listeners)
  }

  /// Cancels the effects at once.
  public func cancel() { effects?.cancel() }

  /// Waits until every effect has finished or been cancelled; cancelling the waiting task
  /// cancels the effects, as TCA's `finish()` does.
  public func finish() async { await effects?.finish() }

  /// Whether the effects were cancelled; `true` when there were none.
  public var isCancelled: Bool { effects?.isCancelled ?? true }
}

/// The effect tasks and dismissal listeners of one send, which a ``StoreTask`` cancels or waits
/// for.
private final class Effects: Sendable {
  let tasks: [Task<Void, Never>]
  /// The listeners the send started (a push's, a presentation's): TCA's `finish()` waits for
  /// them as for any effect, until the child is dismissed.
  let listeners: [ListenerEnd]
  private let cancelled = Atomic<Bool>(false)

  init(_ tasks: [Task<Void, Never>], listeners: [ListenerEnd]) {
    self.tasks = tasks
    self.listeners = listeners
  }

  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  func cancel() {
    cancelled.store(true, ordering: .releasing)
    for task in tasks { task.cancel() }
    for listener in listeners { listener.cancel() }
  }

  func finish() async {
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
      for listener in listeners { await listener.wait() }
    } onCancel: {
      cancel()
    }
  }
}

/// One change a store went through: the action it processed and the state that resulted.
public struct StoreChange<State>: @unchecked Sendable {
  /// The action the root store processed, as the root's action type.
  public let action: Any
  /// The state after the action.
  public let state: State
  /// The root store's version after the action; it grows by one for each change of state.
  public let version: UInt64
  /// Whether the action changed the state (always `true` when the state is not `Equatable`).
  public let stateChanged: Bool
  /// Where the action came from: sent to the store, sent by one of its effects, or a
  /// replacement of the whole state (a devtools jump).
  package let origin: StoreChangeOrigin

  init(action: Any, state: State, version: UInt64, stateChanged: Bool, origin: StoreChangeOrigin) {
    self.action = action
    self.state = state
    self.version = version
    self.stateChanged = stateChanged
    self.origin = origin
  }
}

/// Where the action of a ``StoreChange`` came from.
package enum StoreChangeOrigin: UInt8, Sendable {
  /// Sent to the store from outside: `store.send`, a view, a script, a client.
  case send
  /// Sent by one of the store's effects (`.send`, `Send` in `.run`), or queued by a send made
  /// while the store was processing.
  case effect
  /// Not an action at all: the whole state was replaced (``Store/replaceState(with:marker:)``).
  case replacement
}

/// A registration for a store's changes; cancelling it (or dropping it) stops the callbacks.
public final class StoreObservation: Sendable {
  private let onCancel: @Sendable () -> Void

  init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

  /// Stops the callbacks.
  public func cancel() { onCancel() }

  deinit { onCancel() }
}
