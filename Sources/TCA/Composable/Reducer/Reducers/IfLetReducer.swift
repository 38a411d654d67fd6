// `ifLet` for optional child state and `ifCaseLet` for a case of enum state.

extension Reducer {
  /// Runs `wrapped` on optional child state when it is present.
  ///
  /// As TCA's `ifLet` for plain optionals: the child first, then this reducer. When the child
  /// state becomes `nil` (or changes identity), the child's effects are cancelled. A child action
  /// while the state is `nil` is a runtime warning.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    _IfLetReducer(
      parent: self, access: StateAccess(toWrappedState), place: toWrappedState,
      toChildAction: toWrappedAction, child: wrapped(),
      location: CodeLocation(fileID: fileID, line: line))
  }
}

/// The reducer `ifLet` returns for a plain optional child.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  /// Where the child's state is read and changed (for `@ObservableState`, its storage).
  let access: StateAccess<Parent.State, Child.State?>
  /// The key path the feature wrote: the child's place in the navigation tree.
  let place: AnyKeyPath
  var toChildState: WritableKeyPath<Parent.State, Child.State?> { access.keyPath }
  let toChildAction: CasePath<Parent.Action, Child.Action>
  let child: Child
  let location: CodeLocation

  /// Runs the child, then the parent, and cancels the child's effects when it goes away.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let parentPath = DependencyValues.currentNavigationIDPath
    let place = self.place
    // Steps, not paths, are compared: a path is an allocation.
    let initialStep = state[keyPath: toChildState].map {
      NavigationIdentity.id(of: $0, at: place)
    }
    var childEffects: Effect<Parent.Action> = .none
    if let childAction = toChildAction.extract(from: action) {
      if var childState = state[keyPath: toChildState], let step = initialStep {
        childEffects = child.reduceAsChild(
          into: &childState, action: childAction, under: parentPath, at: step,
          dismissible: false,
          embed: toChildAction._embed)
        let toChildState = self.toChildState
        // An alert or dialog is gone once one of its buttons is used.
        let isEphemeral = childState is any _EphemeralState
        access.around(&state) { $0[keyPath: toChildState] = isEphemeral ? nil : childState }
      } else {
        RuntimeWarning.report(
          """
          An "ifLet" at "\(location)" received a child action when child state was "nil". …

            Action:
              \(debugCaseOutput(action))

          This is generally considered an application logic error: make sure child actions \
          can only be sent while child state is present.
          """)
      }
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    let finalStep = state[keyPath: toChildState].map {
      NavigationIdentity.id(of: $0, at: place)
    }
    var effects = childEffects.merge(with: parentEffects)
    if let initialStep, initialStep != finalStep {
      effects = effects.merge(with: .cancel(navigation: parentPath.appending(initialStep)))
    }
    return effects
  }
}

extension Reducer {
  /// Runs `child` when this reducer's enum state is in the case `toCaseState`.
  ///
  /// As TCA's `ifCaseLet`: the child first, then this reducer. When the state leaves the case,
  /// the child's effects are cancelled. A child action in another case is a runtime warning.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CasePath<State, CaseState>,
    action toCaseAction: CasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfCaseLetReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction {
    _IfCaseLetReducer(
      parent: self, toChildState: toCaseState, toChildAction: toCaseAction, child: child(),
      location: CodeLocation(fileID: fileID, line: line))
  }
}

/// The reducer `ifCaseLet` returns.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let toChildState: CasePath<Parent.State, Child.State>
  let toChildAction: CasePath<Parent.Action, Child.Action>
  let child: Child
  let location: CodeLocation

  /// Runs the child, then the parent, and cancels the child's effects when the case changes.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let parentPath = DependencyValues.currentNavigationIDPath
    let place: AnyKeyPath? = nil
    let initialStep = toChildState.extract(from: state).map { _ in
      NavigationIdentity.id(of: state, at: place)
    }
    var childEffects: Effect<Parent.Action> = .none
    if let childAction = toChildAction.extract(from: action) {
      if var childState = toChildState.extract(from: state), let step = initialStep {
        childEffects = child.reduceAsChild(
          into: &childState, action: childAction, under: parentPath, at: step,
          dismissible: false,
          embed: toChildAction._embed)
        state = toChildState.embed(childState)
      } else {
        RuntimeWarning.report(
          """
          An "ifCaseLet" at "\(location)" received a child action when child state was set to a \
          different case. …

            Action:
              \(debugCaseOutput(action))
            State:
              \(debugCaseOutput(state))

          This is generally considered an application logic error: make sure the parent does \
          not change the state's case while the child can still send it actions.
          """)
      }
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    let finalStep = toChildState.extract(from: state).map { _ in
      NavigationIdentity.id(of: state, at: place)
    }
    var effects = childEffects.merge(with: parentEffects)
    if let initialStep, initialStep != finalStep {
      effects = effects.merge(with: .cancel(navigation: parentPath.appending(initialStep)))
    }
    return effects
  }
}
