// TestStoreTask: the effects of one test-store send, as a task a test awaits or cancels.

import Foundation
import Synchronization

/// A test store of feature `R`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

/// The effects of one ``TestStore/send(_:assert:file:line:)``, as a task a test can await or
/// cancel.
public struct TestStoreTask: Hashable, Sendable {
  /// The underlying store task.
  public let rawValue: StoreTask
  let timeout: Duration

  /// Cancels the effects and waits for them to stop.
  nonisolated(nonsending) public func cancel() async {
    rawValue.cancel()
    await rawValue.finish()
  }

  /// Waits for the effects to finish.
  nonisolated(nonsending) public func finish() async { await rawValue.finish() }

  /// Waits up to `timeout` (the store's by default) for the effects to finish, failing the test
  /// when they are still running then; they are not cancelled.
  nonisolated(nonsending) public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let finished = FinishFlag()
    let task = rawValue
    Task { [finished] in
      await task.finish()
      finished.set()
    }
    let deadline = ContinuousClock.now + (timeout ?? self.timeout)
    while !finished.isSet, ContinuousClock.now < deadline {
      await Task.yield()
      try? await Task.sleep(nanoseconds: 200_000)
    }
    guard !finished.isSet else { return }
    RuntimeWarning.report(
      """
      Expected task to finish, but it is still in-flight after \(timeout ?? self.timeout).
      """, location: SourceLocation(file: filePath, line: line))
  }

  /// Whether the effects were cancelled.
  public var isCancelled: Bool { rawValue.isCancelled }
}

/// Set once a task's effects have all finished.
final class FinishFlag: Sendable {
  private let flag = Atomic<Bool>(false)
  var isSet: Bool { flag.load(ordering: .acquiring) }
  func set() { flag.store(true, ordering: .releasing) }
}
