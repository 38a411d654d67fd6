extension Reducer {
  /// Runs this reducer as a child at `path` in the navigation tree and lifts its effects to the
  /// parent with `embed`.
  ///
  /// The child runs with `path` as its navigation place (so its cancel ids are scoped to it) and,
  /// when `dismissible`, with `\.dismiss` wired to the listener its parent started; everything it
  /// returns is filed under `path`, so the parent can cancel it all when the child goes away.
  /// Shared by `ifLet`, `ifCaseLet` and both kinds of `forEach`.
  @inlinable
  func reduceAsChild<ParentAction>(
    into state: inout State,
    action: Action,
    at path: NavigationIDPath,
    dismissible: Bool,
    embed: @escaping (Action) -> ParentAction
  ) -> Effect<ParentAction> {
    var values = DependencyValues._current
    values.navigationIDPath = path
    if dismissible { values.dismiss = .presented(at: path) }
    return DependencyValues.$_current.withValue(values) {
      self.reduce(into: &state, action: action)
    }
    .map(embed)
    .cancellable(token: CancelToken(.presentationEffects, navigationIDPath: path))
  }
}
