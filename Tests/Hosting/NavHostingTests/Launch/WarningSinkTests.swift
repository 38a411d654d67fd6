import Foundation
import Synchronization
import XCTest

@testable import NavHosting

/// A store's warnings are bounded while unread, and reach a listener without the call growing.
final class WarningSinkTests: XCTestCase {
  func testKeepsTheNewestUnreadMessagesAndCountsTheDropped() {
    let sink = WarningSink(capacity: 3)
    for number in 1...5 { sink.append("warning \(number)") }
    XCTAssertEqual(sink.unread.kept, 3)
    XCTAssertEqual(sink.unread.dropped, 2)
    XCTAssertEqual(
      sink.drain(),
      [
        "2 earlier warnings were dropped unread (at most 3 are kept)", "warning 3", "warning 4",
        "warning 5",
      ])
    XCTAssertEqual(sink.drain(), [], "a drain forgets what it returned")
    sink.append("warning 6")
    XCTAssertEqual(sink.drain(), ["warning 6"], "the count starts again after a drain")
  }

  func testReturnsEverythingUnreadBelowCapacity() {
    let sink = WarningSink(capacity: 10)
    sink.append("a")
    sink.append("b")
    XCTAssertEqual(sink.drain(), ["a", "b"])
  }

  /// A million warnings: the listener sees every one, and the sink keeps only its capacity
  /// (before the fix, the closure gained thunks on each call and the stack overflowed at about
  /// 12,500; the messages were all kept).
  func testAMillionWarningsReachTheListenerAndKeepOnlyTheCapacity() {
    let sink = WarningSink(capacity: 100)
    let seen = Atomic<Int>(0)
    sink.setListener { _ in seen.add(1, ordering: .relaxed) }
    for _ in 0..<1_000_000 { sink.append("Received an action for a missing element") }
    XCTAssertEqual(seen.load(ordering: .relaxed), 1_000_000)
    XCTAssertEqual(sink.unread.kept, 100)
    XCTAssertEqual(sink.unread.dropped, 999_900)
    sink.setListener(nil)
    sink.append("after")
    XCTAssertEqual(seen.load(ordering: .relaxed), 1_000_000, "a removed listener is not called")
  }
}
