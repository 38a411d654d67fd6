// Send: the function an `Effect.run` closure sends actions back into its store with.

/// The function an ``Effect/run(priority:operation:catch:fileID:line:)`` closure uses to send
/// actions back into its store.
///
/// Once the effect's task is cancelled, sent actions are ignored, so a cancelled effect can never
/// change state.
public struct Send<Action>: Sendable {
  let send: @Sendable (Action) -> Void

  /// Creates a send function from a closure; useful for testing effects directly.
  public init(send: @escaping @Sendable (Action) -> Void) { self.send = send }

  /// Sends `action` into the store, unless the effect has been cancelled.
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    send(action)
  }

  /// Sends `action` into the store with `animation`, unless the effect has been cancelled: the
  /// same as without (a headless screen plays no animation).
  public func callAsFunction(_ action: Action, animation: Animation?) async {
    await callAsFunction(action)
  }

  /// Sends `action` from synchronous code inside an effect, unless it has been cancelled.
  func sendNow(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
