// Runtime warnings, and the IssueReporter that sends them to stderr or the running test.

import Foundation
import NavSync

/// Where a problem was noticed in source: a test assertion's call site or an effect's origin.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file, as `#filePath` or `#fileID` gave it.
  public var file: String
  /// The line in that file.
  public var line: UInt

  /// Creates a location.
  public init(file: String, line: UInt) {
    self.file = file
    self.line = line
  }

  /// Creates a location from the compiler's literals.
  public init(file: StaticString, line: UInt) {
    self.init(file: "\(file)", line: line)
  }

  /// `file:line`.
  public var description: String { "\(file):\(line)" }
}

/// Where a reducer was written, kept as the compiler's literals so building the reducer (on
/// every action, in a re-evaluated body) allocates nothing; it becomes text only in a warning.
@usableFromInline
struct CodeLocation: Sendable, CustomStringConvertible {
  let fileID: StaticString
  let line: UInt

  @usableFromInline
  init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  /// `file:line`.
  @usableFromInline
  var description: String { "\(fileID):\(line)" }
}

/// A destination for runtime warnings and test failures: stderr, XCTest, Swift Testing, Lua.
///
/// The reporter in force is a dependency (`\.issueReporter`), so a ``TestStore`` turns runtime
/// warnings raised by its reducer and effects into failures of the test that owns it, while other
/// stores keep printing to stderr.
public struct IssueReporter: Sendable {
  /// Reports one issue: a full message and, when known, where it happened.
  public var report: @Sendable (_ message: String, _ location: SourceLocation?) -> Void

  /// Creates a reporter from a closure.
  ///
  /// An issue expected where it is reported (`withExpectedIssue`, `XCTExpectFailure`) is taken
  /// by the expectation instead of reaching the closure.
  public init(report: @escaping @Sendable (_ message: String, _ location: SourceLocation?) -> Void)
  {
    self.report = { message, location in
      if IssueExpectation.takes(message, at: location) { return }
      report(message, location)
    }
  }

  /// Writes each issue to standard error, prefixed with `warning:` and its location.
  public static let standardError = IssueReporter { message, location in
    let prefix = location.map { "\($0): " } ?? ""
    FileHandle.standardError.write(Data("\(prefix)warning: \(message)\n".utf8))
  }

  /// Fails the running test with each issue when a test framework runs this process, and
  /// otherwise writes it to standard error as ``standardError`` does.
  ///
  /// The framework is found at run time (XCTest, or Swift Testing through
  /// `ComposableSwiftTesting`), so a wrong expectation in a plain `XCTestCase` or a plain
  /// `@Test` fails it, as in TCA, while the features themselves link no test framework.
  public static let testFrameworkOrStandardError = IssueReporter { message, location in
    if TestFramework.recordFailure(message, at: location) { return }
    standardError.report(message, location)
  }

  /// The reporter used where no store or test chose one: ``testFrameworkOrStandardError``
  /// unless replaced.
  public static var fallback: IssueReporter {
    get { fallbackStorage.withLock { $0 } }
    set { fallbackStorage.withLock { $0 = newValue } }
  }

  private static let fallbackStorage = Protected<IssueReporter>(.testFrameworkOrStandardError)
}

/// Runtime warnings: problems in a running app that are bugs but must not crash it.
public enum RuntimeWarning {
  /// Reports `message` to the ``IssueReporter`` in force.
  public static func report(_ message: String, location: SourceLocation? = nil) {
    DependencyValues.current.issueReporter.report(message, location)
  }
}

private enum IssueReporterKey: DependencyKey {
  static var liveValue: IssueReporter { .fallback }
  static var testValue: IssueReporter { .fallback }
}

extension DependencyValues {
  /// Where runtime warnings and test failures raised in this context go.
  public var issueReporter: IssueReporter {
    get { self[IssueReporterKey.self] }
    set { self[IssueReporterKey.self] = newValue }
  }
}

/// Returns a one-line description of an enum value as TCA prints it in warnings.
@usableFromInline
func debugCaseOutput(_ value: Any) -> String {
  var output = ""
  dump(value, to: &output, maxDepth: 2)
  return output.split(separator: "\n").first.map {
    $0.trimmingCharacters(in: CharacterSet(charactersIn: " ▿-"))
  } ?? String(describing: value)
}
