// `import ComposableArchitecture` alone, as TCA's files write it: Foundation's names and every
// family module's, with no other import.

import ComposableArchitecture
import Testing

@Test func composableArchitectureBringsFoundationAndTheFamily() {
  let id = UUID()
  let url = URL(string: "https://example.com/a")
  let date = Date(timeIntervalSince1970: 0)
  var set = IndexSet()
  set.insert(3)
  let rows: IdentifiedArrayOf<Stamped> = [Stamped(id: id, at: date)]
  #expect(rows[id: id]?.at == date)
  #expect(url?.lastPathComponent == "a")
  #expect(set.contains(3))
}

private struct Stamped: Identifiable, Equatable {
  let id: UUID
  let at: Date
}
