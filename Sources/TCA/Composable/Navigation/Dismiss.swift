// The `dismiss` dependency: lets a presented feature or stack element end its own presentation.

/// The `dismiss` dependency: lets a presented child feature, or a stack element, end its own
/// presentation from an effect, as in TCA.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
/// // …
/// return .run { _ in await self.dismiss() }
/// ```
///
/// The parent receives `.dismiss` (for a presentation) or `.popFrom(id:)` (for a stack element)
/// and runs first, then the child's state goes away and its effects are cancelled.
public struct DismissEffect: Sendable {
  /// The relay to the store that runs the presentation, when presented.
  let relay: CancelRelay?
  /// The place of the presented feature, or `nil` outside a presentation.
  let path: NavigationIDPath?
  /// What dismissing does, when set by hand (a test store's root, a test's override).
  let handler: (@Sendable () async -> Void)?

  /// The dismiss effect outside any presentation: calling it is a runtime warning.
  init() {
    self.relay = nil
    self.path = nil
    self.handler = nil
  }

  /// A dismiss effect that runs `dismiss`: what a test sets to see that a feature dismissed
  /// itself (`store.dependencies.dismiss = DismissEffect { dismissed.setValue(true) }`).
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.relay = nil
    self.path = nil
    self.handler = dismiss
  }

  /// The dismiss effect for the feature presented at `path`: it cancels the listener's wait in
  /// the store `relay` reaches, so the listener sends the dismissing action.
  ///
  /// Data rather than a closure: navigation reducers build one for every child action.
  @usableFromInline
  init(relay: CancelRelay?, path: NavigationIDPath) {
    self.relay = relay
    self.path = path
    self.handler = nil
  }

  /// Asks the parent to dismiss the feature this effect belongs to.
  ///
  /// Outside a presentation it does nothing but report a runtime warning.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
    if let handler {
      await handler()
      return
    }
    guard let path else {
      RuntimeWarning.report(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but couldn't be dismissed. …

        This is generally considered an application logic error, and can happen when a reducer \
        assumes it runs in a presentation context. If a reducer can run at both the root level \
        of an application, as well as in a presentation destination, use \
        @Dependency(\\.isPresented) to determine if the reducer is being presented before \
        calling @Dependency(\\.dismiss).
        """)
      return
    }
    relay?.handler?(CancelToken(.presentationDismiss, navigationIDPath: path))
  }

  /// Asks the parent to dismiss the feature, from synchronous code inside an effect.
  public func callAsFunction(animation _: Any?, fileID: StaticString = #fileID, line: UInt = #line)
    async
  {
    await callAsFunction(fileID: fileID, line: line)
  }
}

extension Effect {
  /// The listener a parent starts when a child appears.
  ///
  /// It waits until the child calls `dismiss()`, then sends `action`. It is filed under the
  /// child's place in the navigation tree, so it goes away with the child.
  ///
  /// TCA's is a `.run` that waits to be cancelled, then a `.send`; the store keeps this one as
  /// a record that behaves the same, with no task (``DismissalListener``).
  @usableFromInline
  static func dismissalListener(at path: NavigationIDPath, sending action: Action) -> Self {
    Self(operation: .listen(path, action)).untracked
  }
}

extension DependencyValues {
  /// Dismisses the presented feature (or pops the stack element) whose effect calls it.
  public var dismiss: DismissEffect {
    get { _dismiss ?? DismissEffect() }
    set { _dismiss = newValue }
  }

  /// Whether the feature reading it is presented (by `ifLet` or `forEach` on a stack), so it can
  /// call `dismiss`.
  public var isPresented: Bool { _dismiss?.path != nil || _dismiss?.handler != nil }
}
