// EventStream: events in order, a burst of one name coalesced into its last, a heartbeat when
// nothing comes, and the end.

import XCTest

@testable import NavInspector

final class EventStreamTests: XCTestCase {
  private func next(_ stream: EventStream) -> String? {
    var text: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 7)  // small: an event takes several reads
    while true {
      guard let count = buffer.withUnsafeMutableBytes({ stream.read(into: $0) }) else {
        return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
      }
      text += buffer[..<count]
      if text.suffix(2) == [10, 10] { return String(decoding: text, as: UTF8.self) }
    }
  }

  func testABurstOfOneNameKeepsItsLastAndOthersKeepTheirOrder() {
    let stream = EventStream()
    stream.send("version", #"{"version":1}"#)
    stream.send("navigation", #"{"trail":["root"]}"#)
    stream.send("version", #"{"version":2}"#)
    stream.send("version", #"{"version":3}"#)
    XCTAssertEqual(next(stream), "event: version\ndata: {\"version\":3}\n\n")
    XCTAssertEqual(next(stream), "event: navigation\ndata: {\"trail\":[\"root\"]}\n\n")
  }

  func testAQuietStreamSendsAHeartbeatAndAClosedOneEnds() {
    let stream = EventStream(heartbeat: 0.05)
    XCTAssertEqual(next(stream), ": heartbeat\n\n")
    stream.close()
    XCTAssertNil(next(stream))
    stream.send("version", "{}")
    XCTAssertNil(next(stream), "a closed stream takes no more events")
  }

  func testAReaderWaitsForTheNextEvent() {
    let stream = EventStream(heartbeat: 10)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
      stream.send("version", #"{"version":7}"#)
    }
    XCTAssertEqual(next(stream), "event: version\ndata: {\"version\":7}\n\n")
  }

  /// Events that come soon after the last one wait out the interval and coalesce: a burst
  /// reaches the page as its last version, once.
  func testEventsSoonAfterTheLastWaitTheIntervalAndCoalesce() {
    let stream = EventStream(heartbeat: 5, interval: 0.2)
    stream.send("version", #"{"version":1}"#)
    XCTAssertEqual(next(stream), "event: version\ndata: {\"version\":1}\n\n")
    let started = Date()
    for version in 2...50 { stream.send("version", #"{"version":\#(version)}"#) }
    XCTAssertEqual(next(stream), "event: version\ndata: {\"version\":50}\n\n")
    XCTAssertGreaterThanOrEqual(
      Date().timeIntervalSince(started), 0.1, "the burst waited out the interval")
  }
}
