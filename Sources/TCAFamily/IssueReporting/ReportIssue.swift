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

/// Whether this process runs tests: an XCTest or Swift Testing runner, or `swift test`.
public var isTesting: Bool {
  let environment = ProcessInfo.processInfo.environment
  if environment["XCTestConfigurationFilePath"] != nil || environment["XCTestBundlePath"] != nil {
    return true
  }
  let program = CommandLine.arguments.first ?? ""
  return program.hasSuffix(".xctest") || program.hasSuffix("PackageTests")
    || CommandLine.arguments.contains { $0.hasPrefix("--testing-library") }
}
