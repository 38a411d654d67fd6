// forEach over a StackState: runs each element, pushes and pops, cancels what a pop leaves.

extension Reducer {
  /// Runs `destination` on each element of the stack at `toStackState`, as TCA's `forEach` for
  /// `StackState`.
  ///
  /// `.element`: the element runs first, then this reducer. `.popFrom`: this reducer runs first,
  /// then the pop. `.push`: the element is inserted, then this reducer runs. Any element that
  /// leaves the stack, however it was removed, has all its effects cancelled; `dismiss()` from
  /// inside an element pops it. Actions for missing ids are runtime warnings.
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _StackReducer(
      base: self, toStackState: toStackState, toStackAction: toStackAction,
      destination: destination(), location: CodeLocation(fileID: fileID, line: line))
  }
}

/// The reducer `forEach` returns for a `StackState`.
public struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>
  @usableFromInline let toStackAction:
    CasePath<Base.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let destination: Destination
  @usableFromInline let location: CodeLocation
  /// Where the stack lives in the state, when it is a stored property.
  ///
  /// Reading through the key path itself goes through unspecialized standard-library code
  /// (hundreds of instructions, `Result` metadata looked up at run time); a pointer does not.
  /// Worked out once, here (a body is built once per reducer type, see `BodyCache`).
  @usableFromInline let stackOffset: Int?
  /// The key path the feature wrote: it names the stack's place in the navigation tree, and the
  /// tracked property observers are told about when `toStackState` is its storage.
  @usableFromInline let place: AnyKeyPath
  /// How changes to the stack reach the state's observers, for `@ObservableState` state.
  @usableFromInline let access: StateAccess<Base.State, StackState<Destination.State>>

  @inlinable
  init(
    base: Base, toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>,
    toStackAction: CasePath<Base.Action, StackAction<Destination.State, Destination.Action>>,
    destination: Destination, location: CodeLocation
  ) {
    let access = StateAccess(toStackState)
    self.base = base
    self.access = access
    self.place = toStackState
    // For `@ObservableState` state, the stored property behind `\.path`: through the tracked
    // property's getter and setter, every change copied the whole stack first.
    self.toStackState = access.keyPath
    self.toStackAction = toStackAction
    self.destination = destination
    self.location = location
    self.stackOffset = MemoryLayout<Base.State>.offset(of: access.keyPath)
  }

  /// Changes the stack in `state` where it is stored, telling the state's observers.
  @inlinable
  func changeStack<R>(
    in state: inout Base.State, _ body: (inout StackState<Destination.State>) -> R
  ) -> R {
    access.around(&state) { state in
      Self.withStack(in: &state, at: toStackState, offset: stackOffset, body)
    }
  }

  /// Runs the element and the parent in TCA's order and tears down elements that leave.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let parentPath = DependencyValues.currentNavigationIDPath
    let place = self.place
    var idsBefore: [StackElementID] = []
    var destinationEffects: Effect<Base.Action> = .none
    let baseEffects: Effect<Base.Action>

    switch toStackAction.extract(from: action) {
    case .element(let id, let elementAction):
      let step = elementID(id, place)
      let toStackAction = self.toStackAction
      let destination = self.destination
      // One access to the stack: the element is reduced where it lives, not copied out and
      // written back (which hashed its id twice and copied the element).
      let reduced = changeStack(in: &state) { stack in
        Self.reduceElement(id, in: &stack, idsBefore: &idsBefore) { element in
          destination.reduceAsChild(
            into: &element, action: elementAction, under: parentPath, at: step,
            dismissible: true,
            embed: Self.lifting(toStackAction._embed, id))
        }
      }
      if let reduced {
        destinationEffects = reduced
      } else {
        RuntimeWarning.report(
          """
          A "forEach" at "\(location)" received an action for a missing element. …

            Action:
              \(debugCaseOutput(action))

          This is generally considered an application logic error, and can happen for a few \
          reasons:

          • A parent reducer removed an element with this ID before this reducer ran. This \
          reducer must run before any other reducer removes an element, which ensures that \
          element reducers can handle their actions while their state is still available.

          • An in-flight effect emitted this action when state contained no element at this ID. \
          While it may be perfectly reasonable to ignore this action, consider canceling the \
          associated effect before an element is removed, especially if it is a long-living \
          effect.
          """)
      }
      baseEffects = base.reduce(into: &state, action: action)

    case .popFrom(let id):
      idsBefore = state[keyPath: toStackState].ids
      baseEffects = base.reduce(into: &state, action: action)
      if state[keyPath: toStackState].ids.contains(id) {
        changeStack(in: &state) { $0.pop(from: id) }
      } else {
        RuntimeWarning.report(
          """
          A "forEach" at "\(location)" received a "popFrom" action for a missing element. …

            ID:
              \(id)
            Path IDs:
              \(state[keyPath: toStackState].ids)
          """)
      }

    case .push(let id, let elementState):
      idsBefore = state[keyPath: toStackState].ids
      if idsBefore.contains(id) {
        RuntimeWarning.report(
          """
          A "forEach" at "\(location)" received a "push" action for an element it already \
          contains. …

            ID:
              \(id)
            Path IDs:
              \(state[keyPath: toStackState].ids)
          """)
      } else {
        changeStack(in: &state) { $0.append(elementState, id: id) }
      }
      baseEffects = base.reduce(into: &state, action: action)

    case .none:
      idsBefore = state[keyPath: toStackState].ids
      baseEffects = base.reduce(into: &state, action: action)
    }

    var effects = destinationEffects.merge(with: baseEffects)
    let stackAfter = Self.withStack(in: &state, at: toStackState, offset: stackOffset) { $0 }
    let idsAfter = stackAfter.ids
    // Elements that left are torn down; elements that were pushed, or that were on the stack
    // when the store started and are seen here for the first time, get a listener for their
    // `dismiss()`.
    guard idsBefore != idsAfter || stackAfter.mounted.count != idsAfter.count else {
      return effects
    }
    let after = Set(idsAfter)
    for id in idsBefore where !after.contains(id) {
      effects = effects.merge(
        with: .cancel(navigation: parentPath.appending(elementID(id, place))))
    }
    var mounted = stackAfter.mounted.intersection(after)
    for id in idsAfter where !mounted.contains(id) {
      mounted.insert(id)
      effects = effects.merge(
        with: .dismissalListener(
          at: parentPath.appending(elementID(id, place)),
          sending: toStackAction.embed(.popFrom(id: id))))
    }
    changeStack(in: &state) { $0.mounted = mounted }
    return effects
  }

  /// The closure that lifts element `id`'s actions to the parent's.
  ///
  /// Made by a function, not a closure expression at the call: captured through the closures
  /// around the element's reduce, `embed` was boxed, an allocation on every element action.
  @usableFromInline
  static func lifting(
    _ embed: @escaping (StackAction<Destination.State, Destination.Action>) -> Base.Action,
    _ id: StackElementID
  ) -> (Destination.Action) -> Base.Action {
    { embed(.element(id: id, action: $0)) }
  }

  /// Calls `body` with the stack in `state`, through a pointer at `offset` (which
  /// `MemoryLayout.offset(of:)` gives only for a stored property without observers) or else
  /// through `keyPath`.
  @inlinable
  static func withStack<R>(
    in state: inout Base.State,
    at keyPath: WritableKeyPath<Base.State, StackState<Destination.State>>,
    offset: Int?,
    _ body: (inout StackState<Destination.State>) -> R
  ) -> R {
    guard let offset else { return body(&state[keyPath: keyPath]) }
    return withUnsafeMutableBytes(of: &state) { bytes in
      body(
        &bytes.baseAddress!.advanced(by: offset)
          .assumingMemoryBound(to: StackState<Destination.State>.self).pointee)
    }
  }

  /// Reads the stack's ids into `idsBefore`, then runs `body` on the element with `id` in place;
  /// returns `nil` when there is no such element.
  @inlinable
  static func reduceElement(
    _ id: StackElementID, in stack: inout StackState<Destination.State>,
    idsBefore: inout [StackElementID],
    _ body: (inout Destination.State) -> Effect<Base.Action>
  ) -> Effect<Base.Action>? {
    idsBefore = stack._ids
    guard let index = stack.index(of: id) else { return nil }
    return body(&stack._elements[index])
  }

  @usableFromInline
  func elementID(_ id: StackElementID, _ place: AnyKeyPath) -> NavigationID {
    NavigationID(kind: Destination.State.self, place: place, element: id)
  }
}
