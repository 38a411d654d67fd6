// withExpectedIssue: code that must report an issue, whose issues then fail nothing — as
// swift-issue-reporting's, in any test framework.

/// Runs `body`, expecting it to report an issue (or throw); the issues it reports fail nothing,
/// and none at all fails the test, unless `isIntermittent`.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> Void
) {
  let expectation = IssueExpectation()
  var threw = false
  do {
    try expectation.run(body)
  } catch {
    threw = true
  }
  expectationEnded(
    expectation, threw: threw, message: message, isIntermittent: isIntermittent,
    location: SourceLocation(file: filePath, line: line))
}

/// Runs `body`, which awaits, expecting it to report an issue (or throw); the issues it reports
/// fail nothing, and none at all fails the test, unless `isIntermittent`.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> Void
) async {
  let expectation = IssueExpectation()
  var threw = false
  do {
    try await expectation.run(isolation: isolation, body)
  } catch {
    threw = true
  }
  expectationEnded(
    expectation, threw: threw, message: message, isIntermittent: isIntermittent,
    location: SourceLocation(file: filePath, line: line))
}

/// Fails when an expectation that was not intermittent saw no issue.
func expectationEnded(
  _ expectation: IssueExpectation, threw: Bool, message: String?, isIntermittent: Bool,
  location: SourceLocation
) {
  guard !threw, expectation.issues.isEmpty, !isIntermittent else { return }
  RuntimeWarning.report(
    "Known issue was not recorded" + (message.map { ": \($0)" } ?? ""), location: location)
}
