extension Reducer {
  /// Runs this reducer as a child at `path` in the navigation tree and lifts its effects to the
  /// parent with `embed`.
  ///
  /// The child runs with `path` as its navigation place (so its cancel ids are scoped to it) and,
  /// when `dismissible`, with `\.dismiss` wired to the listener its parent started; everything it
  /// returns is filed under `path`, so the parent can cancel it all when the child goes away.
  /// `embed` is only built when the child returns an effect (building a closure allocates).
  /// Shared by `ifLet`, `ifCaseLet` and both kinds of `forEach`. The values in force are copied
  /// once, here, for the child (each copy retains every field; the parents read only their
  /// navigation path, through ``DependencyValues/currentNavigationIDPath``).
  @inlinable
  func reduceAsChild<ParentAction>(
    into state: inout State,
    action: Action,
    at path: NavigationIDPath,
    dismissible: Bool,
    embed: @autoclosure () -> (Action) -> ParentAction
  ) -> Effect<ParentAction> {
    var values = DependencyValues.current
    values.navigationIDPath = path
    if dismissible { values.dismiss = DismissEffect(relay: values.cancelRelay, path: path) }
    return DependencyBinding.withValues(&values) {
      self.reduce(into: &state, action: action)
    }
    .map(ifAny: embed())
    .cancellable(token: CancelToken(.presentationEffects, navigationIDPath: path))
  }
}
