// What a test store records: each action marked with where it came from, and the state it left
// behind, through a reducer that wraps the feature's.

import Foundation
import Synchronization

/// An action in a test store, marked with where it came from: the test or an effect.
struct TestAction<Action>: ActionWrapper {
  enum Origin { case send, receive }
  let origin: Origin
  let action: Action

  var wrappedAction: Any { action }
}

/// The actions a test store's reducer processed, with the state each left behind.
final class TestRecorder<State, Action>: @unchecked Sendable {
  private let lock = NSLock()
  private var _received: [(action: Action, state: State)] = []
  private var _receivedStackIDs: [Int] = []
  private var _receivedShared: [SharedValues] = []
  private var _lastSent:
    (action: Action, state: State, shared: SharedValues, nextStackElementID: Int)?

  var received: [(action: Action, state: State)] { lock.withLock { _received } }
  /// The values of shared references each received action left behind.
  var receivedShared: [SharedValues] { lock.withLock { _receivedShared } }
  var sharedOfFirstReceived: SharedValues? { lock.withLock { _receivedShared.first } }
  var lastSent: (action: Action, state: State, shared: SharedValues, nextStackElementID: Int)? {
    lock.withLock { _lastSent }
  }
  /// The generation of the next stack element id before the first received action ran.
  var nextStackElementIDOfFirstReceived: Int? { lock.withLock { _receivedStackIDs.first } }

  func record(_ action: TestAction<Action>, state: State, nextStackElementID: Int) {
    // Shared values are references: what this action left in them is read now.
    let shared = SharedValues(in: state)
    lock.withLock {
      switch action.origin {
      case .send: _lastSent = (action.action, state, shared, nextStackElementID)
      case .receive:
        _received.append((action.action, state))
        _receivedStackIDs.append(nextStackElementID)
        _receivedShared.append(shared)
      }
    }
  }

  func removeReceived(count: Int) {
    lock.withLock {
      _received.removeFirst(min(count, _received.count))
      _receivedStackIDs.removeFirst(min(count, _receivedStackIDs.count))
      _receivedShared.removeFirst(min(count, _receivedShared.count))
    }
  }
}

/// Runs a feature's reducer for a test store, recording each action and marking effect actions
/// as received.
struct TestReducer<Base: Reducer>: Reducer {
  let base: Base
  let recorder: TestRecorder<Base.State, Base.Action>

  func reduce(
    into state: inout Base.State, action: TestAction<Base.Action>
  ) -> Effect<TestAction<Base.Action>> {
    let nextStackElementID = DependencyValues.current.stackElementID.peek
    let effect = base.reduce(into: &state, action: action.action)
    recorder.record(action, state: state, nextStackElementID: nextStackElementID)
    return effect.map { TestAction(origin: .receive, action: $0) }
  }
}

extension String {
  func indented(by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(
      separator: "\n")
  }
}
