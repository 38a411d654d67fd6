// `import IssueReporting` alone: an issue reported fails the running test, and tests know they
// are tests.

import IssueReporting
import Testing

@Test func reportIssueFailsTheRunningTest() {
  withKnownIssue {
    reportIssue("the endpoint was not stubbed")
  } matching: { issue in
    issue.comments.map(\.rawValue).joined().contains("the endpoint was not stubbed")
  }
  #expect(isTesting)
}
