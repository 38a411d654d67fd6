// XCTExpectFailure on Linux: XCTest's expected failures, which swift-corelibs-xctest lacks, for
// the issues navd reports (a test store's failures, `reportIssue`, runtime warnings).

/// An issue an expected failure matched, as XCTest describes one.
public struct XCTIssue: Sendable, Hashable {
  /// `failed - ` and the issue's message, as XCTest describes a failure.
  public var compactDescription: String
  /// The issue's message; XCTest adds detail Linux does not have.
  public var detailedDescription: String? { compactDescription }
}

/// Runs `failingBlock`, expecting the issues it reports (those `issueMatcher` accepts) instead
/// of failing the test; when `strict` (the default) and none is reported, the test fails.
///
/// Only issues reported through navd (a test store's failures, `reportIssue`, runtime warnings)
/// are expected this way: an `XCTAssert` inside the block still fails the test on Linux.
@discardableResult
public func XCTExpectFailure<R>(
  _ failureReason: String? = nil,
  enabled: Bool? = nil,
  strict: Bool? = nil,
  failingBlock: () throws -> R,
  issueMatcher: ((XCTIssue) -> Bool)? = nil,
  file: StaticString = #filePath,
  line: UInt = #line
) rethrows -> R {
  guard enabled ?? true else { return try failingBlock() }
  let matcher = UncheckedMatcher(issueMatcher)
  let expectation = IssueExpectation { issue in
    matcher.matches(XCTIssue(compactDescription: "failed - " + issue.message))
  }
  defer {
    expectationEnded(
      expectation, threw: false, message: failureReason, isIntermittent: !(strict ?? true),
      location: SourceLocation(file: file, line: line))
  }
  return try expectation.run(failingBlock)
}

/// Runs `failingBlock`, which awaits, expecting the issues it reports instead of failing the
/// test; when `strict` (the default) and none is reported, the test fails.
@discardableResult
public func XCTExpectFailure<R>(
  _ failureReason: String? = nil,
  enabled: Bool? = nil,
  strict: Bool? = nil,
  isolation: isolated (any Actor)? = #isolation,
  failingBlock: () async throws -> R,
  issueMatcher: ((XCTIssue) -> Bool)? = nil,
  file: StaticString = #filePath,
  line: UInt = #line
) async rethrows -> R {
  guard enabled ?? true else { return try await failingBlock() }
  let matcher = UncheckedMatcher(issueMatcher)
  let expectation = IssueExpectation { issue in
    matcher.matches(XCTIssue(compactDescription: "failed - " + issue.message))
  }
  defer {
    expectationEnded(
      expectation, threw: false, message: failureReason, isIntermittent: !(strict ?? true),
      location: SourceLocation(file: file, line: line))
  }
  return try await expectation.run(isolation: isolation, failingBlock)
}

/// A matcher called from the thread that reports an issue, inside the expectation's scope.
private struct UncheckedMatcher: @unchecked Sendable {
  let matcher: ((XCTIssue) -> Bool)?
  init(_ matcher: ((XCTIssue) -> Bool)?) { self.matcher = matcher }
  func matches(_ issue: XCTIssue) -> Bool { matcher?(issue) ?? true }
}

/// Expects the issues `issueMatcher` accepts for the rest of the test, instead of failing it:
/// on Linux, the rest of the calling task (an async XCTest test runs as one task), or of the
/// calling thread in a synchronous test.
///
/// Unlike XCTest's, an expectation that saw no issue does not fail the test: the end of an
/// XCTest test cannot be observed on Linux without linking XCTest (docs/composable.md).
public func XCTExpectFailure(
  _ failureReason: String? = nil,
  enabled: Bool? = nil,
  strict: Bool? = nil,
  issueMatcher: ((XCTIssue) -> Bool)? = nil
) {
  guard enabled ?? true else { return }
  let matcher = UncheckedMatcher(issueMatcher)
  IssueExpectation { issue in
    matcher.matches(XCTIssue(compactDescription: "failed - " + issue.message))
  }.holdForRestOfTask()
}
