// `ifLet` for PresentationState: runs the presented child, wires its `dismiss`, tears it down.

extension Reducer {
  /// Runs `destination` on the presented child at `toPresentationState`, as TCA's `ifLet` for
  /// `@PresentationState`.
  ///
  /// For `.presented(action)` the child runs first (with `\.dismiss` wired to it), then this
  /// reducer; for `.dismiss` this reducer runs first, then the child's state becomes `nil`. When
  /// the child's state goes away or changes identity (case, or `id` for `Identifiable` state),
  /// every effect the child started is cancelled. An alert or dialog becomes `nil` after one of
  /// its button actions.
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _PresentationReducer(
      base: self, toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction, destination: destination(),
      location: CodeLocation(fileID: fileID, line: line))
  }

  /// Integrates an alert or dialog that has no reducer of its own, as in
  /// `.ifLet(\.$alert, action: /Action.alert)`.
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, line: line)
  }
}

/// The reducer `ifLet` returns for a `@PresentationState` child.
public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toPresentationState:
    WritableKeyPath<Base.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction:
    CasePath<Base.Action, PresentationAction<Destination.Action>>
  @usableFromInline let destination: Destination
  @usableFromInline let location: CodeLocation
  /// How changes reach the state's observers, for `@ObservableState` state.
  @usableFromInline let access: StateAccess<Base.State, PresentationState<Destination.State>>
  /// The key path the feature wrote: the child's place in the navigation tree.
  @usableFromInline let place: AnyKeyPath

  @inlinable
  init(
    base: Base,
    toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toPresentationAction: CasePath<Base.Action, PresentationAction<Destination.Action>>,
    destination: Destination, location: CodeLocation
  ) {
    let access = StateAccess(toPresentationState)
    self.base = base
    self.access = access
    self.place = toPresentationState
    // For `@Presents`, the stored `PresentationState` behind `\.$destination`.
    self.toPresentationState = access.keyPath
    self.toPresentationAction = toPresentationAction
    self.destination = destination
    self.location = location
  }

  /// Runs the child and the parent in TCA's order and tears the child down when it goes away.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let parentPath = DependencyValues.currentNavigationIDPath
    let place = self.place
    let toPresentationState = self.toPresentationState
    let initialState = state[keyPath: toPresentationState].wrappedValue
    // Steps, not paths, are compared: a path is an allocation.
    let initialStep = initialState.map { NavigationIdentity.id(of: $0, at: place) }
    let presentationAction = toPresentationAction.extract(from: action)

    var destinationEffects: Effect<Base.Action> = .none
    let baseEffects: Effect<Base.Action>
    switch (initialState, presentationAction) {
    case (.some(var destinationState), .some(.presented(let destinationAction))):
      let step = initialStep!
      let embed = toPresentationAction._embed
      destinationEffects = destination.reduceAsChild(
        into: &destinationState, action: destinationAction, under: parentPath, at: step,
        dismissible: true,
        embed: { embed(.presented($0)) })
      access.around(&state) { $0[keyPath: toPresentationState].wrappedValue = destinationState }
      baseEffects = base.reduce(into: &state, action: action)
      // An alert or dialog goes away after its button, unless the parent replaced it.
      if Ephemerality.isEphemeral(destinationState),
        let current = state[keyPath: toPresentationState].wrappedValue,
        NavigationIdentity.id(of: current, at: place) == step
      {
        access.around(&state) { $0[keyPath: toPresentationState].wrappedValue = nil }
      }

    case (.some, .some(.dismiss)):
      baseEffects = base.reduce(into: &state, action: action)
      access.around(&state) { $0[keyPath: toPresentationState].wrappedValue = nil }

    case (.none, .some(let presentationAction)):
      RuntimeWarning.report(
        """
        An "ifLet" at "\(location)" received a presentation action when destination state was \
        absent. …

          Action:
            \(debugCaseOutput(action))

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer set destination state to "nil" before this reducer ran. This \
        reducer must run before any other reducer sets destination state to "nil".

        • This action was sent to the store while destination state was "nil". Make sure that \
        actions for this reducer can only be sent from a store when state is present\
        \(presentationAction.isDismiss ? ", or that the feature was not already dismissed" : "").
        """)
      baseEffects = base.reduce(into: &state, action: action)

    case (_, .none):
      baseEffects = base.reduce(into: &state, action: action)
    }

    let finalState = state[keyPath: toPresentationState].wrappedValue
    let finalStep = finalState.map { NavigationIdentity.id(of: $0, at: place) }
    var effects = destinationEffects.merge(with: baseEffects)
    if let initialStep, initialStep != finalStep {
      effects = effects.merge(with: .cancel(navigation: parentPath.appending(initialStep)))
    }
    // A child that appeared, or that was already present when the store started and is seen
    // here for the first time, gets a listener for its `dismiss()`. A child that went away has
    // none, even when the next one has the same identity.
    if initialStep != finalStep {
      access.around(&state) { $0[keyPath: toPresentationState].listeningAt = nil }
    }
    if let finalStep,
      state[keyPath: toPresentationState].listeningAt?.isStep(finalStep, under: parentPath)
        != true,
      let finalState, !Ephemerality.isEphemeral(finalState)
    {
      let finalPath = parentPath.appending(finalStep)
      access.around(&state) { $0[keyPath: toPresentationState].listeningAt = finalPath }
      effects = effects.merge(
        with: .dismissalListener(at: finalPath, sending: toPresentationAction.embed(.dismiss)))
    }
    return effects
  }
}

extension PresentationAction {
  @usableFromInline
  var isDismiss: Bool {
    if case .dismiss = self { return true }
    return false
  }
}
