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

  func testClientsFallBackToTheSystemSocketWhenNothingIsAtTheDefault() {
    let desktop = ["XDG_RUNTIME_DIR": "/run/user/1000"]
    XCTAssertEqual(
      ControlSocket.clientPath(environment: desktop) { $0 == "/run/navd/control.sock" },
      "/run/navd/control.sock")
    XCTAssertEqual(
      ControlSocket.clientPath(environment: desktop) { _ in true },
      "/run/user/1000/navd/control.sock", "a per-user navd wins")
    XCTAssertEqual(
      ControlSocket.clientPath(environment: desktop) { _ in false },
      "/run/user/1000/navd/control.sock", "errors name the default when neither exists")
  }
}
