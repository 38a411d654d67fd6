// A test store's blocking drivers, for hosts that cannot await (a Lua script): receive, skip and
// finish, each waiting on the thread.

import Foundation
import Synchronization

extension TestStore {
  /// Waits, blocking, for an action matching `isMatching`, then checks it as `receive` does: the
  /// driver for hosts that cannot await, such as a Lua script.
  public func receiveBlocking(
    description: String,
    matching isMatching: @escaping (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    location: SourceLocation
  ) {
    let deadline = ContinuousClock.now + (timeout ?? self.timeout)
    store.settleBlocking(timeout: timeout ?? self.timeout)
    while !hasReceived(matching: isMatching), ContinuousClock.now < deadline {
      usleep(200)
    }
    checkReceived(
      description: description, matching: isMatching, assert: updateStateToExpectedResult,
      location: location)
  }

  /// Drops every action received so far, blocking until effects settle first.
  public func skipReceivedActionsBlocking(strict: Bool = true, location: SourceLocation) {
    store.settleBlocking(timeout: timeout)
    dropReceivedActions(strict: strict, location: location)
  }

  /// Waits, blocking, for every effect to finish, then runs the end-of-test checks.
  public func finishBlocking(timeout: Duration? = nil, location: SourceLocation) {
    let deadline = ContinuousClock.now + (timeout ?? self.timeout)
    store.settleBlocking(timeout: timeout ?? self.timeout)
    while !store.inFlightEffects.isEmpty, ContinuousClock.now < deadline { usleep(200) }
    completed(location: location)
  }

  /// Cancels every effect still running, blocking until they end: `skipInFlightEffects` for
  /// hosts that cannot await, such as a Lua script.
  public func skipInFlightEffectsBlocking(strict: Bool = true, location: SourceLocation) {
    store.settleBlocking(timeout: timeout)
    let deadline = cancelInFlightEffects(strict: strict, location: location)
    while !store.inFlightEffects.isEmpty, ContinuousClock.now < deadline { usleep(200) }
  }
}
