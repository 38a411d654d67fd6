// IdentifiedAction: the actions of an IdentifiedArray's rows, and the `forEach` that takes them.

/// The actions of the rows of an ``IdentifiedArray`` as their parent sees them.
///
/// One row's action, with its id: `case rows(IdentifiedActionOf<Row>)`, then
/// `.forEach(\.rows, action: \.rows) { Row() }`.
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action of the row with `id`.
  case element(id: ID, action: Action)

  /// The path of `element`, and of one row's actions by id.
  public struct AllCasePaths: Sendable {
    /// An action of some row, with its id.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case .element(let id, let action) = $0 else { return nil }
          return (id, action)
        })
    }

    /// The actions of the row with `id`: `\.rows[id: contact.id].delete`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case .element(id, let action) = $0 else { return nil }
          return action
        })
    }
  }

  /// The path of `element`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}

/// The row actions of a feature `R` whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

extension Reducer {
  /// Runs `element` on each row of the identified array at `toElementsState`, for the row
  /// actions in the case `toElementAction` names: `.forEach(\.rows, action: \.rows) { Row() }`.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    let rows = AnyCasePath(toElementAction)
    return forEach(
      toElementsState,
      action: AnyCasePath<Action, (ID, ElementAction)>(
        embed: { rows.embed(.element(id: $0.0, action: $0.1)) },
        extract: { action in
          guard case .element(let id, let rowAction)? = rows.extract(from: action) else {
            return nil
          }
          return (id, rowAction)
        }),
      element: element, fileID: fileID, line: line)
  }
}
