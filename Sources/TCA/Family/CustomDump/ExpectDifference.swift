// expectNoDifference and expectDifference: equality assertions that fail the running test with a
// diff of the two values, in XCTest or Swift Testing.

/// Fails the running test, with a line diff, when `expression1` and `expression2` differ.
///
/// ```swift
/// expectNoDifference(model.rows, [Row(id: 1, title: "Milk")])
/// ```
public func expectNoDifference<T: Equatable>(
  _ expression1: @autoclosure () throws -> T,
  _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let location = SourceLocation(file: filePath, line: line)
  do {
    let first = try expression1()
    let second = try expression2()
    guard first != second else { return }
    reportDifference(
      "expectNoDifference failed", first, second, message(), legend: "(First: −, Second: +)",
      at: location)
  } catch {
    RuntimeWarning.report("Caught error: \(error)", location: location)
  }
}

/// The XCTest-era name of ``expectNoDifference(_:_:_:fileID:filePath:line:column:)``.
public func XCTAssertNoDifference<T: Equatable>(
  _ expression1: @autoclosure () throws -> T,
  _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath,
  line: UInt = #line
) {
  expectNoDifference(try expression1(), try expression2(), message(), filePath: file, line: line)
}

/// Checks that `operation` changes `expression` exactly as `updateValueToExpectedOutput`
/// changes a copy of its value before; fails the running test with a diff otherwise.
///
/// ```swift
/// expectDifference(model.count) {
///   model.incrementButtonTapped()
/// } changes: {
///   $0 = 1
/// }
/// ```
public func expectDifference<T: Equatable>(
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  operation: () throws -> Void = {},
  changes updateValueToExpectedOutput: (inout T) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let location = SourceLocation(file: filePath, line: line)
  do {
    let before = try expression()
    try operation()
    try checkDifference(
      from: before, to: expression(), changes: updateValueToExpectedOutput, message(),
      at: location)
  } catch {
    RuntimeWarning.report("Caught error: \(error)", location: location)
  }
}

/// ``expectDifference(_:_:operation:changes:fileID:filePath:line:column:)`` with an operation
/// that awaits.
public func expectDifference<T: Equatable>(
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  operation: () async throws -> Void = {},
  changes updateValueToExpectedOutput: (inout T) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  let location = SourceLocation(file: filePath, line: line)
  do {
    let before = try expression()
    try await operation()
    try checkDifference(
      from: before, to: expression(), changes: updateValueToExpectedOutput, message(),
      at: location)
  } catch {
    RuntimeWarning.report("Caught error: \(error)", location: location)
  }
}

/// Reports when `after` is not `before` changed by `updateValueToExpectedOutput`: what both
/// forms of `expectDifference` check once their operation ran.
private func checkDifference<T: Equatable>(
  from before: T, to after: T, changes updateValueToExpectedOutput: (inout T) throws -> Void,
  _ message: String, at location: SourceLocation
) throws {
  var expected = before
  try updateValueToExpectedOutput(&expected)
  guard expected != after else { return }
  reportDifference(
    "expectDifference failed", expected, after, message, legend: "(Expected: −, Actual: +)",
    at: location)
}

/// Reports that `first` and `second` differ, with their line diff and `legend`.
private func reportDifference<T>(
  _ heading: String, _ first: T, _ second: T, _ message: String, legend: String,
  at location: SourceLocation
) {
  let difference =
    diff(first, second)
    ?? "(the dumps are the same: the values differ in what they do not show)"
  let indented = difference.split(separator: "\n", omittingEmptySubsequences: false)
    .map { "  " + $0 }.joined(separator: "\n")
  let title = message.isEmpty ? "\(heading): …" : "\(heading): \(message)"
  RuntimeWarning.report("\(title)\n\n\(indented)\n\n\(legend)", location: location)
}
