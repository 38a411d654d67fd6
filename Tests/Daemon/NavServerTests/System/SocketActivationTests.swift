// Reading socket activation's variables.

import XCTest

@testable import NavServer

final class SocketActivationTests: XCTestCase {
  func testSocketsAreNumberedFromThreeAndNamed() {
    XCTAssertEqual(
      SocketActivation.passedSockets(
        environment: ["LISTEN_PID": "42", "LISTEN_FDS": "2", "LISTEN_FDNAMES": "control:other"],
        pid: 42),
      [
        SocketActivation.Socket(descriptor: 3, name: "control"),
        SocketActivation.Socket(descriptor: 4, name: "other"),
      ])
  }

  func testNamesAreOptional() {
    XCTAssertEqual(
      SocketActivation.passedSockets(environment: ["LISTEN_PID": "7", "LISTEN_FDS": "1"], pid: 7),
      [SocketActivation.Socket(descriptor: 3, name: "")])
  }

  func testVariablesMeantForAnotherProcessAreIgnored() {
    XCTAssertEqual(
      SocketActivation.passedSockets(environment: ["LISTEN_PID": "8", "LISTEN_FDS": "1"], pid: 7),
      [])
    XCTAssertEqual(SocketActivation.passedSockets(environment: ["LISTEN_FDS": "1"], pid: 7), [])
    XCTAssertEqual(
      SocketActivation.passedSockets(environment: ["LISTEN_PID": "7", "LISTEN_FDS": "0"], pid: 7),
      [])
  }
}
