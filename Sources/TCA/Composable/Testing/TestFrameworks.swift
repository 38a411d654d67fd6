// The test framework running the process, found at run time, so failures fail the right test.

import CTestFrameworkHooks
import Foundation
import NavSync

#if canImport(Glibc)
  import Glibc
#endif

/// The test framework running this process, found at run time, so that failures fail the test
/// that raised them without `Composable` (or a feature built on it) linking XCTest or Testing.
///
/// This is how TCA's issue reporting works, and for the same reason: a feature library must not
/// link a test framework, yet a wrong expectation in a plain `XCTestCase` or a plain `@Test` must
/// fail it.
///
/// - **Swift Testing** is what `swift test` runs when it passes `--testing-library
///   swift-testing`. Issues go to `Issue.record` through hooks that `ComposableSwiftTesting`, a
///   module that does link Testing, registers when the test binary loads (the
///   `ComposableArchitecture` and `ComposableTesting` products bring it along).
/// - **XCTest** is any other test process with `libXCTest.so` loaded. Failures go to `XCTFail`,
///   looked up by its mangled name, as TCA's issue reporting does on Linux.
/// - Anywhere else (the daemon, `navctl test`, an app), there is no framework: callers print.
enum TestFramework {
  /// Records `message` as a failure of the running test; returns false when no test framework
  /// runs this process, or the one that does cannot be reached (the caller then prints).
  static func recordFailure(_ message: String, at location: SourceLocation?) -> Bool {
    switch running {
    case .none:
      return false
    case .swiftTesting:
      let hooks = navd_swift_testing_hooks_get()
      guard let isInTest = hooks.is_running, isInTest(), let record = hooks.record
      else { return false }
      let filePath = location?.file ?? "<unknown>"
      record(message, fileID(of: filePath), filePath, Int(location?.line ?? 0), 1)
      return true
    case .xcTest(let fail):
      fail(message, staticString(location?.file ?? "<unknown>"), location?.line ?? 0)
      return true
    }
  }

  /// The identity of the Swift Testing test running the calling task, or `nil`.
  static var currentTestID: String? {
    guard case .swiftTesting = running, let testID = navd_swift_testing_hooks_get().test_id
    else { return nil }
    var buffer = [CChar](repeating: 0, count: 1024)
    let length = buffer.withUnsafeMutableBufferPointer { testID($0.baseAddress!, $0.count) }
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A framework that may run this process.
  private enum Framework {
    case none
    case swiftTesting
    /// `XCTest.XCTFail(_:file:line:)`.
    case xcTest(@convention(thin) (String, StaticString, UInt) -> Void)
  }

  /// Whether this process runs tests: an XCTest bundle, Swift Testing, or SwiftPM's helper
  /// that runs them; found once, from the command line.
  static let isTestProcess = CommandLine.arguments.contains { argument in
    argument.hasSuffix(".xctest") || argument == "--testing-library"
      || argument.hasSuffix("/swiftpm-testing-helper")
  }

  /// Which framework runs this process; found once.
  private static let running: Framework = {
    let arguments = CommandLine.arguments
    guard isTestProcess else { return .none }
    if let flag = arguments.firstIndex(of: "--testing-library"), flag + 1 < arguments.count,
      arguments[flag + 1] == "swift-testing"
    {
      return .swiftTesting
    }
    // Only a library the process already loaded: looking for XCTest must not load it.
    guard let library = dlopen("libXCTest.so", RTLD_NOW | RTLD_NOLOAD),
      let symbol = dlsym(library, "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF")
    else { return .none }
    return .xcTest(
      unsafeBitCast(symbol, to: (@convention(thin) (String, StaticString, UInt) -> Void).self))
  }()

  /// `Module/File.swift` for a path, as `#fileID` reads: its folder and file names.
  private static func fileID(of path: String) -> String {
    path.split(separator: "/").suffix(2).joined(separator: "/")
  }

  /// A `StaticString` holding `text`, for `XCTFail(file:)`, which takes no other kind.
  ///
  /// A static string is a pointer to UTF-8 that lives forever, its length and flags. Each
  /// distinct text is copied once into memory never freed, so the number of these is the number
  /// of files failures were reported in.
  private static func staticString(_ text: String) -> StaticString {
    interned.withLock { table in
      if let known = table[text] { return known }
      let bytes = Array(text.utf8)
      let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
      storage.initialize(from: bytes, count: bytes.count)
      storage[bytes.count] = 0
      // StaticString's stored layout: (start: pointer, count: word, flags: byte); flag 0x2 says
      // ASCII, and a clear 0x1 says the start is a pointer, not a scalar.
      let isASCII = bytes.allSatisfy { $0 < 0x80 }
      let value = unsafeBitCast(
        (UInt(bitPattern: storage), UInt(bytes.count), UInt8(isASCII ? 0x2 : 0)),
        to: StaticString.self)
      table[text] = value
      return value
    }
  }

  private static let interned = Protected<[String: StaticString]>([:])
}

/// Whether this process runs tests, as the test store decides where its failures go:
/// IssueReporting's `isTesting` reads it.
public var _isTestProcess: Bool { TestFramework.isTestProcess }
