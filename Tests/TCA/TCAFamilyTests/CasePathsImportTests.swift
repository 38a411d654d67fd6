// `import CasePaths` alone: `@CasePathable`, case key paths, and Foundation's names.

import CasePaths
import Testing

@CasePathable
private enum Route: Equatable {
  case detail(UUID)
  case home
}

@Test func casePathsBringsTheMacroAndCaseKeyPaths() {
  let id = UUID()
  let detail: CaseKeyPath<Route, UUID> = \.detail
  #expect(detail(id) == .detail(id))
  #expect(Route.allCasePaths.detail.extract(from: .detail(id)) == id)
  #expect(Route.allCasePaths.detail.extract(from: .home) == nil)
}
