// ComposableTestCase: an XCTest base class whose test stores and runtime warnings fail the test.

import XCTest

@_exported import Composable

/// An XCTest base class whose test stores and runtime warnings fail the running test.
///
/// Subclass it instead of `XCTestCase`. Test stores created in a test report their failures
/// (mismatched state, unreceived actions, effects still running when the store goes away) at the
/// line of the failing call; runtime warnings raised by reducers and effects fail the test too.
open class ComposableTestCase: XCTestCase {
  /// Runs the test with the XCTest reporter in force.
  open override func invokeTest() {
    let reporter = IssueReporter.xcTest(self)
    // Each test gets its own in-memory, file and user-defaults storages for shared state.
    TestStorages.withFreshScope {
      withDependencies {
        $0.issueReporter = reporter
      } operation: {
        super.invokeTest()
      }
    }
  }
}

extension IssueReporter {
  /// A reporter that records each issue as a failure of `testCase`, at the issue's location.
  public static func xcTest(_ testCase: XCTestCase) -> IssueReporter {
    let box = UncheckedTestCase(testCase)
    return IssueReporter { message, location in
      box.testCase.recordFailure(
        withDescription: message,
        inFile: location?.file ?? "<unknown>",
        atLine: Int(location?.line ?? 0),
        expected: true)
    }
  }
}

/// A test case handed to a reporter that may be called from an effect's task.
private struct UncheckedTestCase: @unchecked Sendable {
  let testCase: XCTestCase
  init(_ testCase: XCTestCase) { self.testCase = testCase }
}
