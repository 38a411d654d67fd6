// Shared collections: a row of a shared identified array by id (`$todos[id: id]`), and the rows
// of a shared collection as shared values of their own (`Array($todos)`).

extension Shared {
  /// The row with `id`, as a shared optional: `Shared($todos[id: id])` unwraps it.
  public subscript<ID: Hashable & Sendable, Element>(id id: ID) -> Shared<Element?>
  where Value == IdentifiedArray<ID, Element> {
    self[dynamicMember: \IdentifiedArray<ID, Element>.[id: id]]
  }
}

extension SharedReader {
  /// The row with `id`, as a read-only optional.
  public subscript<ID: Hashable & Sendable, Element>(id id: ID) -> SharedReader<Element?>
  where Value == IdentifiedArray<ID, Element> {
    self[dynamicMember: \IdentifiedArray<ID, Element>.[id: id]]
  }
}

extension RangeReplaceableCollection {
  /// The rows of a shared identified array, each a shared value of its own:
  /// `ForEach(Array($todos)) { $todo in … }`.
  public init<ID: Hashable & Sendable, Row>(_ shared: Shared<IdentifiedArray<ID, Row>>)
  where Element == Shared<Row> {
    self.init()
    for id in shared.wrappedValue.ids {
      if let row = Shared<Row>(shared[id: id]) { append(row) }
    }
  }

  /// The rows of a read-only shared identified array, each a read-only shared value.
  public init<ID: Hashable & Sendable, Row>(_ shared: SharedReader<IdentifiedArray<ID, Row>>)
  where Element == SharedReader<Row> {
    self.init()
    for id in shared.wrappedValue.ids {
      if let row = SharedReader<Row>(shared[id: id]) { append(row) }
    }
  }
}
