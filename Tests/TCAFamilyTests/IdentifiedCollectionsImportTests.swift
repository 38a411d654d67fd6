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
