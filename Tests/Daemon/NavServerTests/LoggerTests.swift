// Logger: one line per event, whatever a client put in the message.

import XCTest

@testable import NavServer

final class LoggerTests: XCTestCase {
  func testAMessageCannotStartALineOfItsOwn() {
    XCTAssertEqual(Logger.escaped("opened session a\n<0>b"), "opened session a\\n<0>b")
    XCTAssertEqual(Logger.escaped("a\r\nb\tc"), "a\\r\\nb\\tc")
    XCTAssertEqual(Logger.escaped("\u{1B}[31mred\u{7F}"), "\\u{1B}[31mred\\u{7F}")
    XCTAssertEqual(Logger.escaped("a\u{2028}b\u{85}"), "a\\u{2028}b\\u{85}")
    // A backslash is doubled: a client's `\n` text does not read as an escaped newline.
    XCTAssertEqual(Logger.escaped("a\\nb"), "a\\\\nb")
    XCTAssertEqual(Logger.escaped("a\u{202E}b"), "a\\u{202E}b")
    // Text without control characters is left as it is, non-ASCII included.
    XCTAssertEqual(Logger.escaped("session «é» 🚀 <0>"), "session «é» 🚀 <0>")
  }
}
