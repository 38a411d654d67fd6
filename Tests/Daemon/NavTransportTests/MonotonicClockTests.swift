import Dispatch
import XCTest

@testable import NavTransport

/// The monotonic clock counts nanoseconds and never goes back.
final class MonotonicClockTests: XCTestCase {
  func testMovesForwardInNanoseconds() {
    let first = monotonicNanoseconds()
    let second = monotonicNanoseconds()
    XCTAssertGreaterThan(first, 0)
    XCTAssertGreaterThanOrEqual(second, first)
    usleep(2_000)
    XCTAssertGreaterThanOrEqual(monotonicNanoseconds() - second, 2_000_000, "2 ms slept")
  }
}
