extension Reducer {
  /// Runs this reducer as a child at `path` in the navigation tree and lifts its effects to the
  /// parent with `embed`.
  ///
  /// The child runs with `path` as its navigation place (so its cancel ids are scoped to it) and,
  /// when `dismissible`, with `\.dismiss` wired to the listener its parent started; everything it
  /// returns is filed under `path`, so the parent can cancel it all when the child goes away.
  /// `embed` is only built when the child returns an effect (building a closure allocates).
  /// Shared by `ifLet`, `ifCaseLet` and both kinds of `forEach`. `dependencies` are the values in
  /// force, which the caller has already read (each read of the task-local costs more than the
  /// rest of this routine's bookkeeping).
  @inlinable
  func reduceAsChild<ParentAction>(
    into state: inout State,
    action: Action,
    at path: NavigationIDPath,
    dismissible: Bool,
    dependencies: DependencyValues,
    embed: @autoclosure () -> (Action) -> ParentAction
  ) -> Effect<ParentAction> {
    var values = dependencies
    values.navigationIDPath = path
    if dismissible { values.dismiss = DismissEffect(relay: dependencies.cancelRelay, path: path) }
    return DependencyBinding.withValues(&values) {
      self.reduce(into: &state, action: action)
    }
    .map(ifAny: embed())
    .cancellable(token: CancelToken(.presentationEffects, navigationIDPath: path))
  }
}
