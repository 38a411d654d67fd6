import Foundation
import NavScript
import NavTransport
import ScriptedCaseStudies
import XCTest

@testable import NavServer

/// A client that leaves gives back what it held: its Lua state is freed on its own queue, and a
/// client that never made one leaves nothing queued behind.
final class ClientTests: XCTestCase {
  /// Sends one request line and returns the response line.
  @discardableResult
  private func call(_ client: BlockingLineSocket, _ line: String) throws -> String {
    try client.send(Array((line + "\n").utf8))
    return String(decoding: try client.receiveLine().dropLast(), as: UTF8.self)
  }

  func testALeavingClientsLuaStateIsFreed() throws {
    let (server, socket, directory, _) = try startTestServer("client-tests")
    defer {
      server.stop()
      try? FileManager.default.removeItem(at: directory)
    }
    var scripted: BlockingLineSocket? = try BlockingLineSocket(connectingTo: socket)
    XCTAssertTrue(
      try call(
        scripted!, #"{"jsonrpc":"2.0","id":1,"method":"lua.eval","params":{"code":"return 1"}}"#
      ).contains(#""results":[1]"#))
    var plain: BlockingLineSocket? = try BlockingLineSocket(connectingTo: socket)
    XCTAssertTrue(
      try call(
        plain!,
        #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"incrementButtonTapped"}}"#
      ).contains(#""version":1"#))
    let clients = server.allClients
    XCTAssertEqual(clients.count, 2)
    let (withLua, withoutLua) = (clients[0], clients[1])
    XCTAssertTrue(withLua.hasConsole.load(ordering: .acquiring))
    XCTAssertFalse(withoutLua.hasConsole.load(ordering: .acquiring))
    weak let state = withLua.queue.sync { withLua.console }
    XCTAssertNotNil(state)

    scripted = nil  // closes the socket
    plain = nil
    XCTAssertNil(scripted ?? plain)
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
