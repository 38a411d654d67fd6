// One table of settings for the file and the command line: values checked, the command line
// winning, lists replaced rather than merged.

import XCTest

@testable import NavServer

final class DaemonOptionsTests: XCTestCase {
  let features = ["app", "counter", "navigation"]
  let defaults = Server.Configuration(socketPath: "/run/navd/control.sock")

  func file(_ text: String) throws -> [Setting] {
    try ConfigurationFile.parse(text, path: "navd.conf")
  }

  func flag(_ key: String, _ value: String) -> Setting {
    Setting(key: key, value: value, origin: "--\(key)")
  }

  func testEverySettingIsRead() throws {
    let configuration = try DaemonOptions.configuration(
      defaults: defaults,
      file: try file(
        """
        socket /tmp/x.sock
        socket-mode 0660
        session c=counter
        max-clients 3
        max-message-bytes 4096
        max-queued-bytes 65536
        log-level warning
        state-dir /var/lib/navd
        durability always
        durability-delay-ms 250
        busy-poll-us 0
        allow-uid 1234
        allow-group 0
        """), flags: [], features: features)
    XCTAssertEqual(configuration.socketPath, "/tmp/x.sock")
    XCTAssertEqual(configuration.socketMode, 0o660)
    XCTAssertEqual(configuration.sessions, [Server.SessionSpec(name: "c", feature: "counter")])
    XCTAssertEqual(configuration.maximumClients, 3)
    XCTAssertEqual(configuration.maximumMessageBytes, 4096)
    XCTAssertEqual(configuration.maximumQueuedBytes, 65536)
    XCTAssertEqual(configuration.logLevel, .warning)
    XCTAssertEqual(configuration.stateDirectory, "/var/lib/navd")
    XCTAssertEqual(configuration.durability, .always)
    XCTAssertEqual(configuration.durabilityDelay, .milliseconds(250))
    XCTAssertEqual(configuration.busyPoll, .zero)
    XCTAssertEqual(configuration.peers.allowedUsers, [1234])
    XCTAssertEqual(configuration.peers.allowedGroups, [0])
  }

  func testTheDefaultsStandWithoutSettings() throws {
    let configuration = try DaemonOptions.configuration(
      defaults: defaults, file: [], flags: [], features: features)
    XCTAssertEqual(configuration, defaults)
    XCTAssertEqual(configuration.sessions, [Server.SessionSpec(name: "main", feature: "app")])
    XCTAssertEqual(configuration.durability, .batch)
    XCTAssertEqual(configuration.durabilityDelay, .milliseconds(100))
    XCTAssertEqual(configuration.busyPoll, .microseconds(50))
  }

  func testTheCommandLineWinsAndReplacesLists() throws {
    let configuration = try DaemonOptions.configuration(
      defaults: defaults,
      file: try file("max-clients 3\nsession a=app\nsession b=counter\nallow-uid 7\n"),
      flags: [flag("max-clients", "9"), flag("session", "n=navigation")], features: features)
    XCTAssertEqual(configuration.maximumClients, 9)
    XCTAssertEqual(configuration.sessions, [Server.SessionSpec(name: "n", feature: "navigation")])
    XCTAssertEqual(configuration.peers.allowedUsers, [7], "the file's list stands when no flag")
  }

  func testASessionGivenTwiceKeepsTheLastFeature() throws {
    let configuration = try DaemonOptions.configuration(
      defaults: defaults, file: try file("session a=app\nsession a=counter\n"), flags: [],
      features: features)
    XCTAssertEqual(configuration.sessions, [Server.SessionSpec(name: "a", feature: "counter")])
  }

  func testBadValuesSayWhereAndWhy() {
    let cases: [(Setting, String)] = [
      (flag("max-clients", "0"), "--max-clients 0: needs a positive number"),
      (flag("session", "x=nope"), "--session x=nope: no feature named \"nope\""),
      (flag("durability", "sometimes"), "--durability sometimes: must be always, batch or off"),
      (flag("socket-mode", "0400"), "--socket-mode 0400: needs an octal mode"),
      (flag("socket-mode", "999"), "--socket-mode 999: needs an octal mode"),
      (flag("durability-delay-ms", "0"), "--durability-delay-ms 0: needs a number"),
      (flag("busy-poll-us", "1001"), "--busy-poll-us 1001: needs a number of microseconds"),
      (flag("busy-poll-us", "-1"), "--busy-poll-us -1: needs a number of microseconds"),
      (flag("log-level", "loud"), "--log-level loud: must be error, warning, info or debug"),
      (flag("allow-uid", "no-such-user-here"), "--allow-uid no-such-user-here: no user"),
      (flag("allow-group", "no-such-group-here"), "--allow-group no-such-group-here: no group"),
      (
        Setting(key: "max-clients", value: "many", origin: "navd.conf:4"),
        "navd.conf:4: max-clients many: needs a positive number"
      ),
    ]
    for (setting, expected) in cases {
      XCTAssertThrowsError(
        try DaemonOptions.configuration(
          defaults: defaults, file: [], flags: [setting], features: features)
      ) { error in
        XCTAssertTrue("\(error)".hasPrefix(expected), "\(error) does not start with \(expected)")
      }
    }
  }

  func testNamesResolveThroughTheDatabases() throws {
    let configuration = try DaemonOptions.configuration(
      defaults: defaults, file: [],
      flags: [flag("allow-uid", "root"), flag("allow-group", "root")],
      features: features)
    XCTAssertEqual(configuration.peers.allowedUsers, [0])
    XCTAssertEqual(configuration.peers.allowedGroups, [0])
  }

  func testAReloadCannotMoveTheSocketOrTheStateDirectory() {
    var other = defaults
    other.maximumClients = 2
    XCTAssertEqual(defaults.settingsNeedingRestart(toBecome: other), [])
    other.socketPath = "/elsewhere.sock"
    other.stateDirectory = "/var/lib/other"
    XCTAssertEqual(defaults.settingsNeedingRestart(toBecome: other), ["socket", "state-dir"])
  }
}
