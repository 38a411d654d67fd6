// XCTExpectFailure on Linux: XCTest's expected failures, which swift-corelibs-xctest lacks, for
// the issues navd reports (a test store's failures, `reportIssue`, runtime warnings).

/// An issue an expected failure matched, as XCTest describes one.
public struct XCTIssue: Sendable, Hashable {
  /// `failed - ` and the issue's message, as XCTest describes a failure.
  public var compactDescription: String
  /// Where the issue was reported.
  public var sourceCodeContext = XCTSourceCodeContext()
  /// The issue's message; XCTest adds detail Linux does not have.
  public var detailedDescription: String? { compactDescription }
}

/// Where an issue was reported, as XCTest describes it.
public struct XCTSourceCodeContext: Sendable, Hashable {
  /// The file and line, when known.
  public var location: XCTSourceCodeLocation?
}

/// A file and a line, as XCTest describes a place in source.
public struct XCTSourceCodeLocation: Sendable, Hashable {
  /// The file.
  public var fileURL: URL
  /// The line, from 1.
  public var lineNumber: Int
}

extension XCTIssue {
  /// The issue `taken` as XCTest would describe it.
  init(_ taken: IssueExpectation.Taken) {
    compactDescription = "failed - " + taken.message
    sourceCodeContext = XCTSourceCodeContext(
      location: taken.location.map {
        XCTSourceCodeLocation(fileURL: URL(fileURLWithPath: $0.file), lineNumber: Int($0.line))
      })
  }
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
    matcher.matches(XCTIssue(issue))
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
    matcher.matches(XCTIssue(issue))
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
    matcher.matches(XCTIssue(issue))
  }.holdForRestOfTask()
}
