// SessionName: the rule for session names, and the error that states it.

import XCTest

@testable import NavServer

final class SessionNameTests: XCTestCase {
  func testNamesWithinTheRuleAreAccepted() throws {
    for name in [
      "main", "a/b", "..", ".", "../../../tmp/x", " ", "<0>emerg", "é", "🚀 launch", "%2F",
      String(repeating: "y", count: 255), String(repeating: "é", count: 127),
    ] {
      XCTAssertNoThrow(try SessionName.check(name), name)
    }
  }

  func testNamesOutsideTheRuleAreRefusedWithTheRule() {
    for (name, problem) in [
      ("", "is empty"),
      (String(repeating: "y", count: 256), "is 256 bytes long"),
      (String(repeating: "é", count: 128), "is 256 bytes long"),
      ("a\nb", "contains U+000A"),
      ("a\rb", "contains U+000D"),
      ("\u{1B}[31m", "contains U+001B"),
      ("a\u{7F}", "contains U+007F"),
      ("a\u{85}", "contains U+0085"),
      ("a\u{2028}b", "contains U+2028"),
      ("\0", "contains U+0000"),
      ("invoice\u{202E}gnp.exe", "contains U+202E"),
    ] {
      XCTAssertThrowsError(try SessionName.check(name)) { error in
        let message = (error as? SessionNameError)?.description ?? ""
        XCTAssertTrue(message.contains(problem), "\(name.debugDescription): \(message)")
        XCTAssertTrue(message.hasSuffix(SessionName.rule), message)
      }
    }
  }

  func testTheConfigurationRefusesANameOutsideTheRule() {
    XCTAssertThrowsError(
      try DaemonOptions.configuration(
        defaults: Server.Configuration(socketPath: "/tmp/x.sock"), file: [],
        flags: [Setting(key: "session", value: "a\u{1B}b=counter", origin: "--session")],
        features: ["counter"])
    ) { error in
      XCTAssertTrue("\(error)".contains(SessionName.rule), "\(error)")
    }
  }
}
