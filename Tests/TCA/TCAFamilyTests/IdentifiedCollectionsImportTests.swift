// `import IdentifiedCollections` alone: `IdentifiedArrayOf`, by id, and Foundation's `UUID`.

import IdentifiedCollections
import Testing

private struct Row: Identifiable, Equatable {
  let id: UUID
  var title: String
}

@Test func identifiedCollectionsBringsIdentifiedArrays() {
  let id = UUID()
  var rows: IdentifiedArrayOf<Row> = [Row(id: id, title: "a")]
  rows[id: id]?.title = "b"
  #expect(rows[id: id]?.title == "b")
  #expect(rows.count == 1)
}

@Test func identifiedArraysRemoveUpdateAndSortAsSwiftIdentifiedCollections() {
  struct Row: Identifiable, Equatable {
    var id: Int
    var name: String
  }
  var rows: IdentifiedArrayOf<Row> = [
    Row(id: 1, name: "a"), Row(id: 2, name: "b"), Row(id: 3, name: "c"), Row(id: 4, name: "d"),
  ]
  #expect(rows.removeLast() == Row(id: 4, name: "d"))
  #expect(rows.removeFirst() == Row(id: 1, name: "a"))
  #expect(rows.ids == [2, 3])
  rows.updateOrInsert(Row(id: 9, name: "z"), at: 0)
  rows.updateOrInsert(Row(id: 3, name: "C"), at: 0)
  #expect(rows.ids == [9, 2, 3])
  #expect(rows[id: 3]?.name == "C")
  #expect(rows.sorted { $0.name < $1.name }.ids == [3, 2, 9])
  rows.removeSubrange(0..<2)
  #expect(rows.ids == [3])
  let merged = IdentifiedArrayOf<Row>(
    [Row(id: 1, name: "x"), Row(id: 1, name: "y")], uniquingIDsWith: { _, later in later })
  #expect(merged.elements == [Row(id: 1, name: "y")])
}
