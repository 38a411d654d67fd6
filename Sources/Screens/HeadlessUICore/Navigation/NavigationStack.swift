// NavigationStack: a navigation context of one screen, or TCA 1.7's stack over a store's path.

import Composable

/// A navigation context: without a path (a sheet's `NavigationStack { AddContactView(…) }`),
/// one screen titled as it says; with a store's path, TCA 1.7's stack.
nonisolated public struct NavigationStack: View, _PrimitiveView {
  let content: ViewContent

  /// A navigation context around `content`.
  public init(@ViewBuilder content: () -> ViewContent) { self.content = content() }

  /// A stack showing `root` under a screen per element of the path's store, each the
  /// `destination` of its element's store.
  ///
  /// As TCA 1.7 writes it:
  ///
  /// ```swift
  /// NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
  ///   RootView()
  /// } destination: { store in
  ///   switch store.case {
  ///   case .detail(let store): DetailView(store: store)
  ///   }
  /// }
  /// ```
  public init<State, Action>(
    path: Binding<Store<StackState<State>, StackAction<State, Action>>>,
    @ViewBuilder root: () -> ViewContent,
    @ViewBuilder destination: (Store<State, Action>) -> ViewContent
  ) {
    self.content = stackContent(store: path.wrappedValue, root: root) { _, store in
      destination(store)
    }
  }

  /// The content.
  public var body: ViewContent { content }
}
