// The `.composable` Swift Testing trait: test stores and runtime warnings fail the running test.

import Testing

@_exported import Composable

extension IssueReporter {
  /// A reporter that records each issue in the running Swift Testing test.
  public static let swiftTesting = IssueReporter { message, location in
    let sourceLocation = location.map { location in
      Testing.SourceLocation(
        fileID: location.file, filePath: location.file, line: Int(location.line), column: 1)
    }
    if let sourceLocation {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    } else {
      Issue.record(Comment(rawValue: message))
    }
  }
}

/// A Swift Testing trait whose test stores and runtime warnings fail the test: `@Test(.composable)`
/// or on a whole `@Suite(.composable)`.
public struct ComposableTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to each test of a suite.
  public var isRecursive: Bool { true }

  /// Runs the test with the Swift Testing reporter in force.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // Each test (and each run of a repeated or parameterized one) gets its own storages for
    // shared state.
    try await TestStorages.withFreshScope {
      try await withDependencies {
        $0.issueReporter = .swiftTesting
      } operation: {
        try await function()
      }
    }
  }
}

extension Trait where Self == ComposableTrait {
  /// Routes test store failures and runtime warnings to Swift Testing.
  public static var composable: Self { ComposableTrait() }
}
