import XCTest

@testable import NavTransport

/// The poll window halves when a poll finds nothing, grows to cover idle times the limit can
/// cover, and never passes its limit.
final class PollWindowTests: XCTestCase {
  func testStartsAtTheLimit() {
    XCTAssertEqual(PollWindow(limit: 50_000).current, 50_000)
    XCTAssertEqual(PollWindow(limit: 0).current, 0)
  }

  func testMissesHalveTheWindowDownToNone() {
    var window = PollWindow(limit: 50_000)
    var seen: [UInt64] = []
    for _ in 0..<8 {
      window.missed()
      seen.append(window.current)
    }
    XCTAssertEqual(seen, [25_000, 12_500, 6_250, 3_125, 1_562, 0, 0, 0])
  }

  func testAWakeUpTheLimitCouldHaveCoveredGrowsTheWindowToCoverIt() {
    var window = PollWindow(limit: 50_000)
    for _ in 0..<6 { window.missed() }
    XCTAssertEqual(window.current, 0)
    window.woke(afterIdle: 20_000, asleep: 20_000, at: 0)
    XCTAssertEqual(window.current, 25_000, "the idle time with a quarter to spare")
    window.woke(afterIdle: 2_000, asleep: 2_000, at: 0)
    XCTAssertEqual(window.current, 50_000, "doubled, up to the limit")
    window.woke(afterIdle: 40_000, asleep: 40_000, at: 0)
    XCTAssertEqual(window.current, 50_000, "never past the limit")
  }

  func testAWakeUpPastTheLimitLeavesTheWindow() {
    var window = PollWindow(limit: 50_000)
    window.missed()
    window.woke(afterIdle: 50_001, asleep: 50_001, at: 0)
    XCTAssertEqual(window.current, 25_000)
    window.woke(afterIdle: 3_000_000_000, asleep: 3_000_000_000, at: 0)
    XCTAssertEqual(window.current, 25_000)
  }

  func testAShortWakeUpGrowsAnEmptyWindowToTheShortest() {
    var window = PollWindow(limit: 50_000)
    for _ in 0..<6 { window.missed() }
    window.woke(afterIdle: 100, asleep: 100, at: 0)
    XCTAssertEqual(window.current, PollWindow.shortest)
  }

  func testLoweringTheLimitShortensTheWindow() {
    var window = PollWindow(limit: 50_000)
    window.limit = 10_000
    XCTAssertEqual(window.current, 10_000)
    window.limit = 0
    XCTAssertEqual(window.current, 0)
    window.woke(afterIdle: 0, asleep: 0, at: 0)
    XCTAssertEqual(window.current, 0, "a limit of 0 never polls")
  }

  func testAContendedYieldClosesTheWindowForAPause() {
    var window = PollWindow(limit: 50_000)
    window.contended(at: 1_000_000)
    XCTAssertEqual(window.current, 0)
    window.woke(afterIdle: 2_000, asleep: 2_000, at: 1_000_000 + PollWindow.contendedPause - 1)
    XCTAssertEqual(window.current, 0, "no wake-up reopens it during the pause")
    window.woke(afterIdle: 2_000, asleep: 2_000, at: 1_000_000 + PollWindow.contendedPause)
    XCTAssertEqual(window.current, 2_500, "a wake-up after the pause reopens it")
  }

  func testWorkSoonAfterAFruitlessPollClosesTheWindow() {
    // A client on the loop's CPU that the poll kept from running: its request comes just after
    // the loop gives up and sleeps.
    var window = PollWindow(limit: 50_000)
    window.missed()
    XCTAssertTrue(window.justMissed)
    window.woke(afterIdle: 60_000, asleep: 10_000, at: 5_000_000)
    XCTAssertEqual(window.current, 0)
    XCTAssertEqual(window.closedUntil, 5_000_000 + PollWindow.contendedPause)
    XCTAssertFalse(window.justMissed)
  }

  func testWorkLongAfterAFruitlessPollLeavesTheWindow() {
    var window = PollWindow(limit: 50_000)
    window.missed()
    window.woke(afterIdle: 80_000, asleep: 30_000, at: 5_000_000)
    XCTAssertEqual(window.current, 25_000, "a client slower than the window: no contention")
    XCTAssertEqual(window.closedUntil, 0)
  }

  func testOnlyTheWakeUpRightAfterAMissIsSuspect() {
    var window = PollWindow(limit: 50_000)
    window.missed()
    window.woke(afterIdle: 80_000, asleep: 30_000, at: 0)
    window.woke(afterIdle: 2_000, asleep: 2_000, at: 0)
    XCTAssertEqual(window.current, 50_000, "a short sleep without a miss before it grows")
  }
}
