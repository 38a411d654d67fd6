// XCTModify: change the payload of one case in place in a test, failing it when the value is in
// another case or the change changed nothing — swift-case-paths' test helper.

/// Changes the payload of the case `keyPath` names in `root`, failing the test when `root` is in
/// another case.
@_disfavoredOverload
@discardableResult
public func XCTModify<Root: CasePathable, Case, Result>(
  _ root: inout Root,
  case keyPath: CaseKeyPath<Root, Case>,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Case) throws -> Result,
  file: StaticString = #filePath,
  line: UInt = #line
) rethrows -> Result? {
  let path = AnyCasePath(keyPath)
  guard var value = path.extract(from: root) else {
    let detail = message()
    RuntimeWarning.report(
      "XCTModify failed: expected to extract value of type \"\(Case.self)\" from \"\(Root.self)\""
        + (detail.isEmpty ? "" : " - \(detail)"),
      location: SourceLocation(file: file, line: line))
    return nil
  }
  let before = value
  let result = try body(&value)
  if let before = before as? any Equatable, isSame(before, value) {
    let detail = message()
    RuntimeWarning.report(
      "XCTModify failed: expected \"\(Case.self)\" value to be modified but it was unchanged"
        + (detail.isEmpty ? "" : " - \(detail)"),
      location: SourceLocation(file: file, line: line))
  }
  root = path.embed(value)
  return result
}

/// Changes the payload of the case `keyPath` names in an optional `root`, failing the test when
/// `root` is `nil` or in another case.
@discardableResult
public func XCTModify<Root: CasePathable, Case, Result>(
  _ root: inout Root?,
  case keyPath: CaseKeyPath<Root, Case>,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Case) throws -> Result,
  file: StaticString = #filePath,
  line: UInt = #line
) rethrows -> Result? {
  guard var wrapped = root else {
    RuntimeWarning.report(
      "XCTModify failed: expected a non-nil \"\(Root.self)\"",
      location: SourceLocation(file: file, line: line))
    return nil
  }
  defer { root = wrapped }
  return try XCTModify(&wrapped, case: keyPath, message(), body, file: file, line: line)
}

/// Changes the value inside an optional in place, failing the test when it is `nil` or (for an
/// `Equatable` value) when the change changed nothing: `XCTModify(&$0.child) { $0.count = 1 }`.
public func XCTModify<Wrapped>(
  _ optional: inout Wrapped?,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Wrapped) throws -> Void,
  file: StaticString = #filePath,
  line: UInt = #line
) rethrows {
  guard var wrapped = optional else {
    let detail = message()
    RuntimeWarning.report(
      "XCTModify failed: expected non-nil value of type \"\(Wrapped.self)\""
        + (detail.isEmpty ? "" : " - \(detail)"),
      location: SourceLocation(file: file, line: line))
    return
  }
  let before = wrapped
  try body(&wrapped)
  if let before = before as? any Equatable, isSame(before, wrapped) {
    let detail = message()
    RuntimeWarning.report(
      "XCTModify failed: expected \"\(Wrapped.self)\" value to be modified but it was unchanged"
        + (detail.isEmpty ? "" : " - \(detail)"),
      location: SourceLocation(file: file, line: line))
  }
  optional = wrapped
}

/// Whether `lhs` equals `rhs` when `rhs` is of `lhs`'s type.
private func isSame<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool { (rhs as? T) == lhs }
