// A test store's received actions: `receive` by action, by case key path or by predicate, each
// checked against the state it left, and what was received.

import Foundation
import Synchronization

extension TestStore {
  /// Asserts that an effect sent `expectedAction` next, and checks the state change it caused.
  nonisolated(nonsending) public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async where Action: Equatable {
    await receive(
      description: StateDump.render(expectedAction), matching: { $0 == expectedAction },
      timeout: timeout, assert: updateStateToExpectedResult,
      location: SourceLocation(file: file, line: line))
  }

  /// Asserts that an effect sent an action in the case `casePath` next.
  nonisolated(nonsending) public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    await receive(
      description: "an action matching \(Value.self)",
      matching: { casePath.extract(from: $0) != nil }, timeout: timeout,
      assert: updateStateToExpectedResult, location: SourceLocation(file: file, line: line))
  }

  /// Asserts that an effect sent an action satisfying `isMatching` next.
  nonisolated(nonsending) public func receive(
    _ isMatching: @escaping (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    await receive(
      description: "an action matching the predicate", matching: isMatching, timeout: timeout,
      assert: updateStateToExpectedResult, location: SourceLocation(file: file, line: line))
  }

  /// The shared core of the `receive` overloads: waits for an action, then checks it.
  nonisolated(nonsending) public func receive(
    description: String,
    matching isMatching: @escaping (Action) -> Bool,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    location: SourceLocation
  ) async {
    await store.settle(timeout: timeout ?? self.timeout)
    let deadline = ContinuousClock.now + (timeout ?? self.timeout)
    while !hasReceived(matching: isMatching), ContinuousClock.now < deadline {
      await Self.pause()
    }
    checkReceived(
      description: description, matching: isMatching, assert: updateStateToExpectedResult,
      location: location)
  }

  /// Checks the next received action without waiting: the synchronous half of `receive`, for
  /// hosts that do their own waiting.
  public func checkReceived(
    description: String,
    matching isMatching: @escaping (Action) -> Bool,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    location: SourceLocation
  ) {
    lock.lock()
    defer { lock.unlock() }
    var pending = recorder.received
    guard !pending.isEmpty else {
      fail(
        """
        Expected to receive \(exhaustivity == .on ? "an action" : "a matching action"), but \
        received none.
        """, location)
      return
    }
    if exhaustivity != .on {
      // Skip ahead to the first matching action.
      guard let index = pending.firstIndex(where: { isMatching($0.action) }) else {
        fail(
          description.hasPrefix("an action matching")
            ? "Expected to receive \(description), but didn't get one."
            : """
            Expected to receive the following action, but didn't:

            \(description.indented(by: 2))
            """, location)
        return
      }
      if index > 0 {
        skipReceived(count: index)
        pending.removeFirst(index)
      }
    }
    let (action, actual) = pending[0]
    let nextStackElementID = recorder.nextStackElementIDOfFirstReceived
    let actualShared = recorder.sharedOfFirstReceived ?? SharedValues(in: actual)
    recorder.removeReceived(count: 1)
    guard isMatching(action) else {
      let diff =
        LineDiff.render(expected: description, actual: StateDump.render(action))
        ?? StateDump.render(action)
      fail(
        """
        Received unexpected action:

        \(diff.indented(by: 2))

        (Expected: −, Actual: +)
        """, location)
      expectedState = actual
      currentState = actual
      expectedShared = expectedShared.updated(with: actualShared)
      return
    }
    expect(
      updateStateToExpectedResult, previous: expectedState, actual: actual,
      actualShared: actualShared, location: location,
      mismatchHeading: "A state change does not match expectation",
      nextStackElementID: nextStackElementID)
    expectedState = actual
    currentState = actual
    expectedShared = expectedShared.updated(with: actualShared)
  }

  /// Moves the expected state past the first `count` received actions without checking them.
  func skipReceived(count: Int) {
    let pending = recorder.received
    guard count > 0, count <= pending.count else { return }
    expectedState = pending[count - 1].state
    currentState = expectedState
    for shared in recorder.receivedShared.prefix(count) {
      expectedShared = expectedShared.updated(with: shared)
    }
    recorder.removeReceived(count: count)
  }

  /// Whether an action satisfying `isMatching` is waiting to be received (or, exhaustively, any
  /// action).
  public func hasReceived(matching isMatching: (Action) -> Bool) -> Bool {
    let pending = recorder.received
    if exhaustivity == .on { return !pending.isEmpty }
    return pending.contains { isMatching($0.action) }
  }

  /// The actions effects have sent that the test has not received yet.
  public var receivedActions: [(action: Action, state: State)] { recorder.received }
}
