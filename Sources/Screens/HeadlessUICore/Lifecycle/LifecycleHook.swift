// LifecycleHook: what a view asks to run when it enters or leaves the screen, or when a value
// it watches changes.

/// What a view asked, with a lifecycle modifier, to run as it enters or leaves the screen.
struct LifecycleHook {
  /// The modifier's identity: its view's, and its place among that view's modifiers.
  let identity: ViewIdentity
  let kind: Kind

  enum Kind {
    /// `.onAppear`.
    case appear(() -> Void)
    /// `.onDisappear`.
    case disappear(() -> Void)
    /// `.task` and `.task(id:)`: started on appearance, cancelled on disappearance, restarted
    /// when `id` changes.
    case task(id: AnyHashableSendable?, priority: TaskPriority, action: ViewTaskAction)
    /// `.onChange(of:)`: the value now, and what to call with the old and new value.
    case change(value: AnyEquatable, initial: Bool, action: (AnyEquatable, AnyEquatable) -> Void)
    /// `.refreshable`: what a pull to refresh awaits.
    case refresh(ViewTaskAction)
  }
}

/// A `.task` or `.refreshable` closure, isolated as it was written (the main actor, in a view).
struct ViewTaskAction: @unchecked Sendable {
  let run: @isolated(any) @Sendable () async -> Void
}

/// An equatable value of any type, for `.onChange(of:)`.
struct AnyEquatable: @unchecked Sendable {
  let base: Any
  let isEqual: (Any) -> Bool

  init<V: Equatable>(_ value: V) {
    self.base = value
    self.isEqual = { ($0 as? V) == value }
  }
}
