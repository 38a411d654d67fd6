// ForEach: a view per element of a collection, each under the element's identity, with the
// rows' swipe-to-delete and move (`app:delete("Blob")`).

import Foundation

/// One view per element of a collection, as SwiftUI's `ForEach`: each element's views are
/// identified by the element's id (or its offset), so a row's `@State` and `.task` follow it.
///
/// With `.onDelete` or `.onMove`, each element's views are a row a script can delete
/// (`app:delete("Blob")`, by any text in the row) or move (`app:move("Blob", 1)`).
nonisolated public struct ForEach: View, _PrimitiveView {
  let elements: [ViewContent]
  let delete: ((IndexSet) -> Void)?
  let move: ((IndexSet, Int) -> Void)?

  private init(
    elements: [ViewContent], delete: ((IndexSet) -> Void)?, move: ((IndexSet, Int) -> Void)?
  ) {
    self.elements = elements
    self.delete = delete
    self.move = move
  }

  /// The content of each element of `data`, in order; each element's views are identified by
  /// its id when it is `Identifiable` (a store of identifiable state is), else by its offset.
  public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> ViewContent) {
    var elements: [ViewContent] = []
    for (offset, element) in data.enumerated() {
      let id = (element as? any Identifiable).map { Self.identity(of: $0) } ?? AnyHashable(offset)
      elements.append(ViewIdentity.element(id) { content(element) })
    }
    self.init(elements: elements, delete: nil, move: nil)
  }

  /// The content of each element of `data`, each element's views identified by its `id`.
  public init<Data: Sequence, ID: Hashable>(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: (Data.Element) -> ViewContent
  ) {
    var elements: [ViewContent] = []
    for element in data {
      elements.append(
        ViewIdentity.element(AnyHashable(element[keyPath: id])) { content(element) })
    }
    self.init(elements: elements, delete: nil, move: nil)
  }

  /// The content of a binding to each element of the collection `data` binds:
  /// `ForEach($store.attendees) { $attendee in TextField("Name", text: $attendee.name) }`.
  public init<C: MutableCollection & RandomAccessCollection>(
    _ data: Binding<C>, @ViewBuilder content: (Binding<C.Element>) -> ViewContent
  ) where C.Element: Identifiable, C.Index: Hashable {
    var elements: [ViewContent] = []
    for index in data.wrappedValue.indices {
      let id = data.wrappedValue[index].id
      let element = Binding<C.Element>(
        get: {
          let collection = data.wrappedValue
          return collection.first { $0.id == id } ?? collection[index]
        },
        set: { newValue in
          var collection = data.wrappedValue
          guard let position = collection.firstIndex(where: { $0.id == id }) else { return }
          collection[position] = newValue
          data.wrappedValue = collection
        })
      elements.append(ViewIdentity.element(AnyHashable(id)) { content(element) })
    }
    self.init(elements: elements, delete: nil, move: nil)
  }

  /// The content of each offset in `range`: `ForEach(0..<3) { i in … }`.
  public init(_ range: Range<Int>, @ViewBuilder content: (Int) -> ViewContent) {
    self.init(range.map { $0 }, id: \.self, content: content)
  }

  private static func identity<Element: Identifiable>(of element: Element) -> AnyHashable {
    AnyHashable(element.id)
  }

  /// The rows, deletable: deleting a row calls `action` with its offset, as a swipe does.
  public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach {
    ForEach(elements: elements, delete: action, move: move)
  }

  /// The rows, movable: moving a row calls `action` with its offset and where it goes (an
  /// offset in the rows before the move, as SwiftUI gives it).
  public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach {
    ForEach(elements: elements, delete: delete, move: action)
  }

  /// The elements' content, one after the other; a row node around each when its rows can be
  /// deleted or moved.
  public var body: ViewContent {
    guard delete != nil || move != nil else { return ViewContent.joining(elements) }
    let delete = self.delete
    let move = self.move
    var joined = ViewContent()
    for (offset, element) in elements.enumerated() {
      let control = Control.row(
        delete: delete.map { delete in { delete(IndexSet(integer: offset)) } },
        move: move.map { move in
          { destination in
            // SwiftUI's destination counts the rows before the move: a row moved down lands
            // before the row that was at `destination`.
            move(IndexSet(integer: offset), destination > offset ? destination + 1 : destination)
          }
        })
      var row = ScreenNode(kind: .row, label: "", control: control)
      row.children = element.nodes
      joined.merge(element.replacingNodes(with: row))
    }
    return joined
  }
}
