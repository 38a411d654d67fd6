// IssueExpectation: a stretch of a test in which issues are expected — swift-issue-reporting's
// `withExpectedIssue`, XCTest's `XCTExpectFailure` — and taken instead of failing the test.

import Foundation
import NavSync

/// The issues expected while some code runs: each reporter hands an issue here first, and an
/// issue taken here fails nothing.
package final class IssueExpectation: @unchecked Sendable {
  /// An issue taken: its message and where it was reported.
  package struct Taken: Sendable {
    package let message: String
    package let location: SourceLocation?
  }

  @TaskLocal static var current: IssueExpectation?

  private let lock = NSLock()
  private var taken: [Taken] = []
  private let matches: @Sendable (Taken) -> Bool

  /// An expectation taking the issues `matches` accepts.
  package init(matching matches: @escaping @Sendable (Taken) -> Bool = { _ in true }) {
    self.matches = matches
  }

  /// The issues taken so far.
  package var issues: [Taken] { lock.withLock { taken } }

  /// Takes `message` when an expectation in force on this task matches it; returns whether it
  /// did.
  static func takes(_ message: String, at location: SourceLocation?) -> Bool {
    let issue = Taken(message: message, location: location)
    if let expectation = current, expectation.take(issue) { return true }
    guard let key = RestOfTask.currentKey,
      let expectations = RestOfTask.expectations.withLock({ $0[key] })
    else { return false }
    return expectations.contains { $0.take(issue) }
  }

  private func take(_ issue: Taken) -> Bool {
    guard matches(issue) else { return false }
    lock.withLock { taken.append(issue) }
    return true
  }

  /// Puts this expectation in force for the rest of the calling task (XCTest's
  /// `XCTExpectFailure()` without a block, which holds for the rest of the test; an async XCTest
  /// test is one task), or, outside a task, of the calling thread.
  package func holdForRestOfTask() {
    guard let key = RestOfTask.currentKey else { return }
    RestOfTask.expectations.withLock { $0[key, default: []].append(self) }
  }

  /// Expectations held for the rest of a task, by the task's id (never reused, unlike its
  /// address) or, outside a task, the thread's.
  private enum RestOfTask {
    static let expectations = Protected<[UInt64: [IssueExpectation]]>([:])

    static var currentKey: UInt64? { TaskIdentity.current }
  }

  /// Runs `body` with this expectation in force.
  package func run<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$current.withValue(self, operation: body)
  }

  /// Runs `body`, which awaits, with this expectation in force.
  package func run<R>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    try await Self.$current.withValue(self, operation: body, isolation: isolation)
  }
}
