// reportIssue and isTesting: an issue for the running test (a failure) or, outside tests, a
// runtime warning on standard error.

/// Reports `message` as an issue: a failure of the running test (XCTest or Swift Testing), else
/// a warning on standard error.
public func reportIssue(
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  RuntimeWarning.report(
    message() ?? "Issue reported", location: SourceLocation(file: filePath, line: line))
}

/// Reports `error` as an issue, as ``reportIssue(_:fileID:filePath:line:column:)`` does.
public func reportIssue(
  _ error: any Error,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let text = message().map { "\($0): " } ?? ""
  RuntimeWarning.report(
    "\(text)Caught error: \(error)", location: SourceLocation(file: filePath, line: line))
}

/// Whether this process runs tests: an XCTest or Swift Testing runner (the test store's own
/// finding, `_isTestProcess`).
public var isTesting: Bool { _isTestProcess }
