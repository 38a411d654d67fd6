// The lifecycle modifiers, as SwiftUI's: `.onAppear`, `.onDisappear`, `.task`, `.task(id:)`,
// `.onChange(of:)` and `.refreshable`, each a hook its host runs (``ViewHost``).

extension View {
  /// Runs `action` each time the view enters the screen: when its screen is shown, pushed back
  /// to by a pop, or its row or branch is rendered anew.
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> ViewContent {
    guard let action else { return _render() }
    return hooking("onAppear", .appear(action))
  }

  /// Runs `action` each time the view leaves the screen.
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> ViewContent {
    guard let action else { return _render() }
    return hooking("onDisappear", .disappear(action))
  }

  /// Starts `action` when the view enters the screen and cancels it when the view leaves.
  ///
  /// The task runs on the main actor, as SwiftUI's, and what it sends through the view's store
  /// is the root feature's action, sent at once: `await store.send(.task).finish()` lasts as long
  /// as the effects it started, and leaving the screen cancels them.
  nonisolated public func task(
    priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
  ) -> ViewContent {
    hooking("task", .task(id: nil, priority: priority, action: ViewTaskAction(run: action)))
  }

  /// Starts `action` when the view enters the screen, restarts it (cancelling the running one)
  /// whenever `value` changes, and cancels it when the view leaves.
  nonisolated public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
  ) -> ViewContent {
    hooking(
      "task",
      .task(
        id: AnyHashableSendable(value: AnyHashable(EquatableKey(value))), priority: priority,
        action: ViewTaskAction(run: action)))
  }

  /// Calls `action` with the old and new value when `value` changes between renders (and once
  /// with the first value when `initial`).
  nonisolated public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
  ) -> ViewContent {
    hooking(
      "onChange",
      .change(
        value: AnyEquatable(value), initial: initial,
        action: { old, new in
          guard let old = old.base as? V, let new = new.base as? V else { return }
          action(old, new)
        }))
  }

  /// Calls `action` when `value` changes between renders (and once at first when `initial`).
  nonisolated public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping () -> Void
  ) -> ViewContent {
    onChange(of: value, initial: initial) { (_: V, _: V) in action() }
  }

  /// Calls `action` with the new value when `value` changes between renders (the iOS 14–16
  /// form).
  nonisolated public func onChange<V: Equatable>(
    of value: V, perform action: @escaping (V) -> Void
  ) -> ViewContent {
    onChange(of: value) { (_: V, new: V) in action(new) }
  }

  /// Makes the view's screen refreshable: a pull to refresh (`app:refresh()`) awaits `action`.
  nonisolated public func refreshable(
    @_inheritActorContext action: @escaping @isolated(any) @Sendable () async -> Void
  ) -> ViewContent {
    hooking("refreshable", .refresh(ViewTaskAction(run: action)))
  }

  /// The view with a hook of `kind` at the next slot of that name, when a host renders it.
  nonisolated func hooking(_ slot: String, _ kind: LifecycleHook.Kind) -> ViewContent {
    var content = _render()
    guard let pass = RenderPass.current else { return content }
    content.hooks.append(LifecycleHook(identity: pass.nextSlot(slot), kind: kind))
    return content
  }
}

/// An equatable value made hashable by its equality alone, for `.task(id:)`'s id.
private struct EquatableKey<Value: Equatable>: Hashable, @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  func hash(into hasher: inout Hasher) {}
}
