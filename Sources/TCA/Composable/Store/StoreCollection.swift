// Scoping a store to the rows of an IdentifiedArray: a collection of row stores, one per
// element, for `ForEach(store.scope(state: \.rows, action: \.rows)) { rowStore in … }`.

extension Store {
  /// A store for each element of the identified array at `toElementsState`, whose actions embed
  /// in the case `toElementAction` names with the element's id, as TCA 1.7's
  /// `store.scope(state: \.rows, action: \.rows)`.
  ///
  /// The collection holds the elements there were when it was made; each row store keeps the
  /// last state its element had, so a row that outlives its element (while it animates away)
  /// still reads it.
  public func scope<ElementID, ElementState, ElementAction>(
    state toElementsState: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    nonisolated(unsafe) let toElementsState = toElementsState
    let elements = scope(
      state: { $0[keyPath: toElementsState] }, action: AnyCasePath(toElementAction).embed)
    return _StoreCollection(store: elements, data: elements.state)
  }

  /// The same as `scope(state:action:)`: TCA's later spelling without the `state:` label.
  public func scope<ElementID, ElementState, ElementAction>(
    _ toElementsState: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    scope(state: toElementsState, action: toElementAction)
  }
}

/// The row stores of an identified array, as TCA's `_StoreCollection`.
public struct _StoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection {
  let store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
  let data: IdentifiedArray<ID, State>

  /// The first row's position.
  public var startIndex: Int { data.startIndex }
  /// Past the last row.
  public var endIndex: Int { data.endIndex }

  /// The store of the row at `position`.
  public subscript(position: Int) -> Store<State, Action> {
    let id = data.ids[position]
    let last = LastValue(data[position])
    return store.scope(
      state: { elements in last.update(elements[id: id]) },
      action: { .element(id: id, action: $0) })
  }
}

extension Store: Identifiable where State: Identifiable {
  /// The id of the store's state, so a collection of row stores drives a `ForEach`.
  public var id: State.ID { state.id }
}
