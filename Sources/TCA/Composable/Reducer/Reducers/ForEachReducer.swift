// `forEach` over an IdentifiedArray: runs each row's reducer, cancels removed rows' effects.

extension Reducer {
  /// Runs `element` on each element of the identified array at `toElementsState`.
  ///
  /// As TCA's `forEach`: the element first, then this reducer. When an element is removed, its
  /// effects are cancelled. An action for a missing id is a runtime warning.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    _ForEachReducer(
      parent: self, access: StateAccess(toElementsState), place: toElementsState,
      toElementAction: toElementAction,
      element: element(), location: CodeLocation(fileID: fileID, line: line))
  }
}

/// The reducer `forEach` returns for an `IdentifiedArray`.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let parent: Parent
  /// Where the rows are read and changed (for `@ObservableState`, their storage).
  let access: StateAccess<Parent.State, IdentifiedArray<ID, Element.State>>
  /// The key path the feature wrote: the rows' place in the navigation tree.
  let place: AnyKeyPath
  var toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>> {
    access.keyPath
  }
  let toElementAction: CasePath<Parent.Action, (ID, Element.Action)>
  let element: Element
  let location: CodeLocation

  /// Runs the element, then the parent, and cancels the effects of removed elements.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let parentPath = DependencyValues.currentNavigationIDPath
    let place = self.place
    let toElementsState = self.toElementsState
    let idsBefore = state[keyPath: toElementsState].ids
    var elementEffects: Effect<Parent.Action> = .none
    if let (id, elementAction) = toElementAction.extract(from: action) {
      if var elementState = state[keyPath: toElementsState][id: id] {
        let embed = toElementAction._embed
        elementEffects = element.reduceAsChild(
          into: &elementState, action: elementAction, under: parentPath,
          at: rowID(id, place), dismissible: false,
          embed: { embed((id, $0)) })
        access.around(&state) { $0[keyPath: toElementsState][id: id] = elementState }
      } else {
        RuntimeWarning.report(
          """
          A "forEach" at "\(location)" received an action for a missing element. …

            Action:
              \(debugCaseOutput(action))

          This is generally considered an application logic error: an element was removed \
          while it could still send actions, or an effect of a removed element sent one.
          """)
      }
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    var effects = elementEffects.merge(with: parentEffects)
    let idsAfter = state[keyPath: toElementsState].ids
    if idsBefore != idsAfter {
      let remaining = Set(idsAfter)
      for id in idsBefore where !remaining.contains(id) {
        effects = effects.merge(with: .cancel(navigation: parentPath.appending(rowID(id, place))))
      }
    }
    return effects
  }

  private func rowID(_ id: ID, _ place: AnyKeyPath) -> NavigationID {
    NavigationID(kind: Element.State.self, place: place, identity: AnyHashable(id))
  }
}
