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
    fail(
      "expected to extract value of type \"\(Case.self)\" from \"\(Root.self)\"", message(),
      file, line)
    return nil
  }
  let result = try modifyChangingSomething(&value, message(), body, file, line)
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
    fail("expected a non-nil \"\(Root.self)\"", "", file, line)
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
    fail("expected non-nil value of type \"\(Wrapped.self)\"", message(), file, line)
    return
  }
  try modifyChangingSomething(&wrapped, message(), body, file, line)
  optional = wrapped
}

/// Runs `body` on `value`, failing the test when `value` is `Equatable` and came out unchanged.
private func modifyChangingSomething<Value, Result>(
  _ value: inout Value, _ message: @autoclosure () -> String,
  _ body: (inout Value) throws -> Result, _ file: StaticString, _ line: UInt
) rethrows -> Result {
  let before = value
  let result = try body(&value)
  if let before = before as? any Equatable, isSame(before, value) {
    fail(
      "expected \"\(Value.self)\" value to be modified but it was unchanged", message(), file,
      line)
  }
  return result
}

/// Reports an XCTModify failure: `text`, then the caller's message when it gave one.
private func fail(_ text: String, _ message: String, _ file: StaticString, _ line: UInt) {
  RuntimeWarning.report(
    "XCTModify failed: \(text)" + (message.isEmpty ? "" : " - \(message)"),
    location: SourceLocation(file: file, line: line))
}

/// Whether `lhs` equals `rhs` when `rhs` is of `lhs`'s type.
private func isSame<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool { (rhs as? T) == lhs }
