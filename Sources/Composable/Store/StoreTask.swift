// StoreTask, StoreChange and StoreObservation: what a store's sends and observers get back.

/// The effects started by one `send`, as a task that can be awaited or cancelled.
public struct StoreTask: Hashable, Sendable {
  /// Tasks compare by the task that waits for the effects.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

  /// Hashes the task that waits for the effects.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  let rawValue: Task<Void, Never>?
  private let effects: [Task<Void, Never>]

  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
    self.effects = []
  }

  /// A task that waits for all of `tasks`, and cancels them when it is cancelled.
  init(tasks: [Task<Void, Never>]) {
    self.effects = tasks
    self.rawValue = Task {
      await withTaskCancellationHandler {
        for task in tasks { await task.value }
      } onCancel: {
        for task in tasks { task.cancel() }
      }
    }
  }

  /// Cancels the effects at once.
  public func cancel() {
    for effect in effects { effect.cancel() }
    rawValue?.cancel()
  }

  /// Waits until every effect has finished or been cancelled.
  public func finish() async { await rawValue?.value }

  /// Whether the effects were cancelled; `true` when there were none.
  public var isCancelled: Bool { rawValue?.isCancelled ?? true }
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
