import NavProtocol
import XCTest

final class ControlSocketTests: XCTestCase {
  func testSystemdsRuntimeDirectoryComesFirst() {
    XCTAssertEqual(
      ControlSocket.defaultPath(environment: [
        "RUNTIME_DIRECTORY": "/run/navd:/run/other", "XDG_RUNTIME_DIR": "/run/user/1000",
      ]), "/run/navd/control.sock")
  }

  func testThenTheUsersRuntimeDirectoryThenRun() {
    XCTAssertEqual(
      ControlSocket.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]),
      "/run/user/1000/navd/control.sock")
    XCTAssertEqual(
      ControlSocket.defaultPath(environment: ["RUNTIME_DIRECTORY": ""]), "/run/navd/control.sock")
  }
}
