// What Composable calls, through its hooks, to reach Swift Testing: this module links Testing
// so that Composable and the features built on it do not.

import CSwiftTestingSupport
import Testing

/// Records `message` as an issue of the running Swift Testing test, at the given location.
@_cdecl("navd_swift_testing_record_issue")
func navdSwiftTestingRecordIssue(
  _ message: UnsafePointer<CChar>, _ fileID: UnsafePointer<CChar>,
  _ filePath: UnsafePointer<CChar>, _ line: Int, _ column: Int
) {
  // Swift Testing traps on a file ID that is not `Module/File.swift`: an issue with no place of
  // its own (a runtime warning raised in an effect) says it has none.
  let id = String(cString: fileID)
  let location = Testing.SourceLocation(
    fileID: id.contains("/") ? id : "unknown/\(id)", filePath: String(cString: filePath),
    line: max(line, 1), column: max(column, 1))
  Issue.record(Comment(rawValue: String(cString: message)), sourceLocation: location)
}

/// Whether the calling task runs inside a Swift Testing test.
@_cdecl("navd_swift_testing_is_in_test")
func navdSwiftTestingIsInTest() -> Bool { Test.current != nil }

/// Writes the running test's identity into `buffer`, returning its length; 0 outside a test.
@_cdecl("navd_swift_testing_test_id")
func navdSwiftTestingTestID(_ buffer: UnsafeMutablePointer<CChar>, _ capacity: Int) -> Int {
  guard let test = Test.current, capacity > 1 else { return 0 }
  let bytes = Array(String(describing: test.id).utf8.prefix(capacity - 1))
  for (offset, byte) in bytes.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
  buffer[bytes.count] = 0
  return bytes.count
}

/// Makes sure the hooks are registered, in a binary whose linker dropped the load-time
/// constructor (the constructor registers them in every other).
public func registerSwiftTestingHooks() { navd_swift_testing_register() }
