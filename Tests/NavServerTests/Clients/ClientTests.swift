import Foundation
import Glibc
import NavScript
import ScriptedCaseStudies
import XCTest

@testable import NavServer

/// A client that leaves gives back what it held: its Lua state is freed on its own queue, and a
/// client that never made one leaves nothing queued behind.
final class ClientTests: XCTestCase {
  /// A server on a socket in a temporary directory, serving a `counter` session named `main`.
  private func startServer() throws -> (server: Server, socket: String, directory: URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("navd-client-tests-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let socket = directory.appendingPathComponent("control.sock").path
    var configuration = Server.Configuration(socketPath: socket)
    configuration.sessions = [Server.SessionSpec(name: "main", feature: "counter")]
    let server = try Server(
      configuration: configuration, features: ScriptFeature.caseStudies,
      log: Logger(level: .error), notifier: SystemdNotifier(environment: [:]))
    try server.start()
    return (server, socket, directory)
  }

  /// A connected client socket.
  private func connect(to path: String) throws -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      bytes.copyBytes(from: Array(path.utf8) + [0])
    }
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    XCTAssertEqual(status, 0, "connect to \(path)")
    return descriptor
  }

  /// Sends one request line and returns the response line.
  @discardableResult
  private func call(_ descriptor: Int32, _ line: String) -> String {
    let bytes = Array((line + "\n").utf8)
    XCTAssertEqual(write(descriptor, bytes, bytes.count), bytes.count)
    var response: [UInt8] = []
    var byte: UInt8 = 0
    while read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { response.append(byte) }
    return String(decoding: response, as: UTF8.self)
  }

  func testALeavingClientsLuaStateIsFreed() throws {
    let (server, socket, directory) = try startServer()
    defer {
      server.stop()
      try? FileManager.default.removeItem(at: directory)
    }
    let scripted = try connect(to: socket)
    XCTAssertTrue(
      call(scripted, #"{"jsonrpc":"2.0","id":1,"method":"lua.eval","params":{"code":"return 1"}}"#)
        .contains(#""results":[1]"#))
    let plain = try connect(to: socket)
    XCTAssertTrue(
      call(
        plain,
        #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"incrementButtonTapped"}}"#
      ).contains(#""version":1"#))
    let clients = server.allClients
    XCTAssertEqual(clients.count, 2)
    let (withLua, withoutLua) = (clients[0], clients[1])
    XCTAssertTrue(withLua.hasConsole.load(ordering: .acquiring))
    XCTAssertFalse(withoutLua.hasConsole.load(ordering: .acquiring))
    weak let state = withLua.queue.sync { withLua.console }
    XCTAssertNotNil(state)

    close(scripted)
    close(plain)
    // The test still holds both clients: only the server's cleanup can free the state.
    let deadline = Date() + 5
    // The flag is cleared just after the state goes (in `console`'s didSet): wait for both.
    while !server.allClients.isEmpty || state != nil
      || withLua.hasConsole.load(ordering: .acquiring), Date() < deadline
    {
      usleep(5_000)
    }
    XCTAssertTrue(server.allClients.isEmpty, "both clients were disconnected")
    XCTAssertNil(state, "the Lua state of the client that left was freed")
    XCTAssertFalse(withLua.hasConsole.load(ordering: .acquiring))
  }
}
