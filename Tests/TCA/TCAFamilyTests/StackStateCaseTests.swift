// `path[id:case:]` as TCA 1.25's tests write it: one stack element, in one case of a
// `@Reducer enum Path`, read and changed in place.

import ComposableArchitecture
import Testing

@CasePathable
private enum Screen: Equatable {
  case detail(title: String)
  case settings(Bool)
}

@Test func anElementIsReadAndChangedThroughItsCase() {
  var path = StackState<Screen>()
  path.append(.detail(title: "Draft"))
  path.append(.settings(true))
  let ids = Array(path.ids)
  #expect(path[id: ids[0], case: \.detail] == "Draft")
  #expect(path[id: ids[0], case: \.settings] == nil)
  path[id: ids[1], case: \.settings]?.toggle()
  #expect(path[id: ids[1]] == .settings(false))
  withKnownIssue {
    path[id: ids[0], case: \.settings] = true  // another case: an issue, and no change
  } matching: { issue in
    issue.comments.map(\.rawValue).joined().contains("Can't modify unrelated case")
  }
  #expect(path[id: ids[0]] == .detail(title: "Draft"))
}
