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
}
