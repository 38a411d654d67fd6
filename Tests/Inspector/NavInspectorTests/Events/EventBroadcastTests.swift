// EventBroadcast: each page's stream gets the events of the session it shows, and all of them
// the events for every session.

import XCTest

@testable import NavInspector

final class EventBroadcastTests: XCTestCase {
  /// What `stream` has queued, read until its first heartbeat (nothing more was queued).
  private func pending(_ stream: EventStream) -> String {
    var text = ""
    var buffer = [UInt8](repeating: 0, count: 256)
    while let count = buffer.withUnsafeMutableBytes({ stream.read(into: $0) }) {
      text += String(decoding: buffer[..<count], as: UTF8.self)
      if text.hasSuffix(": heartbeat\n\n") { break }
    }
    return text
  }

  func testAStreamGetsItsSessionsEventsAndEveryonesEvents() {
    let broadcast = EventBroadcast()
    let main = EventStream(heartbeat: 0.05)
    let other = EventStream(heartbeat: 0.05)
    broadcast.add(main, session: "main")
    broadcast.add(other, session: "other")
    broadcast.send("version", #"{"version":1}"#, session: "main")
    broadcast.send("gone", "{}")
    let seen = pending(main)
    XCTAssertTrue(seen.contains(#"{"version":1}"#) && seen.contains("event: gone"), seen)
    let others = pending(other)
    XCTAssertTrue(others.contains("event: gone"), others)
    XCTAssertFalse(others.contains("version"), others)
  }
}
