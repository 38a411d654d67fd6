import Foundation
import NavScript
import NavTransport
import ScriptedCaseStudies
import XCTest

@testable import NavServer

final class LifecycleTests: XCTestCase {
  func testOnlyTheDrawnTransitionsAreAllowed() {
    let stages: [Lifecycle] = [.created, .starting, .serving, .reloading, .stopping, .stopped]
    let allowed: Set<String> = [
      "created→starting", "starting→serving", "serving→reloading", "reloading→serving",
      "starting→stopping", "serving→stopping", "reloading→stopping", "stopping→stopped",
    ]
    for from in stages {
      for to in stages {
        XCTAssertEqual(
          from.allows(to), allowed.contains("\(from)→\(to)"), "\(from) → \(to)")
      }
    }
    XCTAssertTrue(Lifecycle.stopping.isEnding)
    XCTAssertTrue(Lifecycle.stopped.isEnding)
    XCTAssertFalse(Lifecycle.reloading.isEnding)
  }

  /// A server goes through its stages once (``startTestServer(_:)`` took it from `created` to
  /// `serving`): a second start is an error, a second stop and a
  /// reload after the stop change nothing, and a stop waits for a queued request's answer.
  func testAServerStartsOnceStopsOnceAndAnswersWhatIsInFlight() throws {
    let (server, socket, directory, configuration) = try startTestServer("lifecycle")
    defer { try? FileManager.default.removeItem(at: directory) }
    XCTAssertEqual(server.lifecycle, .serving)
    XCTAssertThrowsError(try server.start()) { error in
      XCTAssertTrue("\(error)".contains("started before"), "\(error)")
    }

    // A script that runs for a while is in flight when the stop begins.
    let client = try BlockingLineSocket(connectingTo: socket)
    try client.send(
      Array(
        (#"{"jsonrpc":"2.0","id":1,"method":"lua.eval","params":{"code":"#
          + #""local n = 0 for i = 1, 10000000 do n = n + 1 end return 7"}}"# + "\n").utf8))
    usleep(50_000)
    server.stop(reason: "the test is over")
    XCTAssertEqual(server.lifecycle, .stopped)
    let answer = String(decoding: try client.receiveLine(), as: UTF8.self)
    XCTAssertTrue(
      answer.contains(#""results":[7]"#), "the request in flight was answered: \(answer)")
    let shutdown = String(decoding: try client.receiveLine(), as: UTF8.self)
    XCTAssertTrue(shutdown.contains(#""event.shutdown""#), shutdown)
    XCTAssertTrue(shutdown.contains("the test is over"), shutdown)

    server.stop()
    XCTAssertEqual(server.lifecycle, .stopped)
    XCTAssertEqual(server.reload(configuration), [])
    XCTAssertEqual(server.lifecycle, .stopped, "a reload after the stop does nothing")
  }
}
