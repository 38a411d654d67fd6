// The TestStore's case-key-path forms, as TCA 1.4+ tests call them:
// `await store.send(\.addButtonTapped)`, `await store.send(\.setName, "Blob")`,
// `await store.receive(\.delegate.saveContact)`, `await store.receive(\.response, 42)`.

extension TestStore {
  /// Sends the payload-less action `action` names, and checks the state change.
  @discardableResult
  @_disfavoredOverload
  nonisolated(nonsending) public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async -> TestStoreTask {
    await send(
      AnyCasePath(action).embed(()), assert: updateStateToExpectedResult, file: file, line: line)
  }

  /// Sends `value` in the case `action` names, and checks the state change.
  @discardableResult
  @_disfavoredOverload
  nonisolated(nonsending) public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async -> TestStoreTask {
    await send(
      AnyCasePath(action).embed(value), assert: updateStateToExpectedResult, file: file,
      line: line)
  }

  /// Asserts that an effect sent an action in the case `actionCase` names next.
  @_disfavoredOverload
  nonisolated(nonsending) public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    let path = AnyCasePath(actionCase)
    await receive(
      description: "an action matching \(Value.self)",
      matching: { path.extract(from: $0) != nil }, timeout: timeout,
      assert: updateStateToExpectedResult, location: SourceLocation(file: file, line: line))
  }

  /// Asserts that an effect sent `value` in the case `actionCase` names next.
  @_disfavoredOverload
  nonisolated(nonsending) public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    let path = AnyCasePath(actionCase)
    await receive(
      description: StateDump.render(path.embed(value)),
      matching: { path.extract(from: $0) == value }, timeout: timeout,
      assert: updateStateToExpectedResult, location: SourceLocation(file: file, line: line))
  }
}
