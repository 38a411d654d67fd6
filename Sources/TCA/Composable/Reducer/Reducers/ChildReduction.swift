// `reduceAsChild`: how `ifLet`, `ifCaseLet` and `forEach` run a child at its navigation place.

extension Reducer {
  /// Runs this reducer as the navigation child at `step` below `parentPath` and lifts its effects
  /// to the parent with `embed`.
  ///
  /// The child runs with its place as its navigation path (so its cancel ids are scoped to it)
  /// and, when `dismissible`, with `\.dismiss` wired to the listener its parent started;
  /// everything it returns is filed under its path, so the parent can cancel it all when the
  /// child goes away. Shared by `ifLet`, `ifCaseLet` and both kinds of `forEach`.
  ///
  /// Nothing is allocated for the child unless it needs it: its path and its dependency values
  /// are made when it reads them or returns an effect (see `DependencyBinding.Frame`), and
  /// `embed` is only built for an effect (building a closure allocates).
  @inlinable
  func reduceAsChild<ParentAction>(
    into state: inout State,
    action: Action,
    under parentPath: NavigationIDPath,
    at step: NavigationID,
    dismissible: Bool,
    embed: @autoclosure () -> (Action) -> ParentAction
  ) -> Effect<ParentAction> {
    let (effect, madePath) = DependencyBinding.withChild(
      under: parentPath, at: step, dismissible: dismissible
    ) {
      self.reduce(into: &state, action: action)
    }
    if case .none = effect.operation { return .none }
    let path = madePath ?? parentPath.appending(step)
    return effect.map(embed())
      .cancellable(token: CancelToken(.presentationEffects, navigationIDPath: path))
  }
}
