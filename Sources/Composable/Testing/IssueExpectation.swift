// IssueExpectation: a stretch of a test in which issues are expected — swift-issue-reporting's
// `withExpectedIssue`, XCTest's `XCTExpectFailure` — and taken instead of failing the test.

import Foundation

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
    guard let expectation = current else { return false }
    let issue = Taken(message: message, location: location)
    guard expectation.matches(issue) else { return false }
    expectation.lock.withLock { expectation.taken.append(issue) }
    return true
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
