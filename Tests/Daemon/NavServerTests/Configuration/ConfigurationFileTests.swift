// The configuration file's syntax: keys, values, comments, and errors that say where.

import XCTest

@testable import NavServer

final class ConfigurationFileTests: XCTestCase {
  func testKeysAndValuesWithSpacesOrEquals() throws {
    let settings = try ConfigurationFile.parse(
      """
      # navd.conf
      session main=app

        session   demo = navigation
      max-clients=8
      log-level\tdebug
      """, path: "navd.conf")
    XCTAssertEqual(
      settings,
      [
        Setting(key: "session", value: "main=app", origin: "navd.conf:2"),
        Setting(key: "session", value: "demo = navigation", origin: "navd.conf:4"),
        Setting(key: "max-clients", value: "8", origin: "navd.conf:5"),
        Setting(key: "log-level", value: "debug", origin: "navd.conf:6"),
      ])
  }

  func testAnUnknownKeyNamesItsLineAndTheKnownKeys() {
    XCTAssertThrowsError(
      try ConfigurationFile.parse("log-level info\nmax-client 3\n", path: "/etc/navd/navd.conf")
    ) { error in
      let text = "\(error)"
      XCTAssertTrue(text.hasPrefix("/etc/navd/navd.conf:2: unknown setting \"max-client\""), text)
      XCTAssertTrue(text.contains("max-clients"), text)
    }
  }

  func testAKeyWithoutAValueIsAnError() {
    XCTAssertThrowsError(try ConfigurationFile.parse("durability\n", path: "f")) { error in
      XCTAssertEqual("\(error)", "f:1: durability needs a value")
    }
  }

  func testAMissingFileIsAnError() {
    XCTAssertThrowsError(try ConfigurationFile.read(path: "/nonexistent/navd.conf")) { error in
      XCTAssertTrue("\(error)".contains("/nonexistent/navd.conf"))
    }
  }
}
