@testable import CaseStudies
import Composable
import LuaBridge
@testable import NavScript
import NavValue
import XCTest

final class StoreHistoryTests: XCTestCase {
  private func entry(_ version: UInt64, _ state: Int) -> StoreHistory<Int>.Entry {
    StoreHistory.Entry(
      version: version, wall: 0, offset: Int64(version) * 1_000_000_000, client: 0,
      origin: .send, stateChanged: true, action: "a\(version)", state: state)
  }

  func testARingKeepsTheLastEntriesAndMovesItsStart() throws {
    let history = StoreHistory(capacity: 3, state: 0, version: 0)
    for version in 1...5 { history.record(entry(UInt64(version), Int(version) * 10)) }
    XCTAssertEqual(history.count, 3)
    XCTAssertEqual(history.versions, 2...5)
    XCTAssertEqual(history.start.state, 20)
    XCTAssertEqual(history.state(at: 4), 40)
    XCTAssertEqual(history.state(at: 2), 20, "the start state is a jump target")
    XCTAssertNil(history.state(at: 1), "a dropped version is gone")
    XCTAssertNil(history.state(at: 9))
    let slice = try history.slice(
      since: nil, after: nil, limit: 2, version: 5,
      encodeState: { .integer($0) }, encodeAction: { .string("\($0)") })
    XCTAssertEqual(slice.entries.map(\.sequence), [4, 5])
    XCTAssertEqual(slice.entries.map(\.action), ["a4", "a5"])
    XCTAssertEqual(slice.before, .integer(30))
    XCTAssertEqual(slice.first, 2)
    let after = try history.slice(
      since: 3, after: nil, limit: 1, version: 5,
      encodeState: { .integer($0) }, encodeAction: { .string("\($0)") })
    XCTAssertEqual(after.entries.map(\.version), [4])
  }

  func testAZeroCapacityKeepsNothing() {
    let history = StoreHistory(capacity: 0, state: 0, version: 0)
    history.record(entry(1, 1))
    XCTAssertEqual(history.count, 0)
  }

  func testAJumpCancelsTheTimerAndIsANewVersion() throws {
    let harness = ScriptHarness()
    let values = try harness.run(
      """
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-1).screenC.startButtonTapped")
      app:advance(2)
      local before = app.version
      app:jump(1)
      app:advance(5)
      local h = app:history()
      local last = h.entries[#h.entries]
      return before, app.version, app.state.path[3].screenC.count,
        app.state.path[3].screenC.isTimerRunning, last.origin, last.jump, h.entries[3].origin
      """)
    XCTAssertEqual(values, [4, 5, 0, false, "jump", 1, "effect"])
  }

  func testAnExportReplaysToTheSameStateTwiceAlike() throws {
    let harness = ScriptHarness()
    let values = try harness.run(
      """
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-1).screenC.startButtonTapped")
      app:advance(2.5)
      app:jump(2)
      app:send("path.element(0).screenA.incrementButtonTapped")
      app:advance(1)
      local doc = app:export()
      local one = navd.launch("navigation", { replay = doc })
      local two = navd.launch("navigation", { replay = doc })
      local function same(a, b)
        if #a ~= #b then return false end
        for i = 1, #a do
          if a[i].version ~= b[i].version or a[i].origin ~= b[i].origin
            or a[i].time.offset ~= b[i].time.offset then return false end
        end
        return true
      end
      return one.version == app.version, one.state.path[1].screenA.count,
        same(one:history().entries, two:history().entries), #doc.steps
      """)
    XCTAssertEqual(values, [true, 1, true, 4])
  }

  func testAReplayThatEndsElsewhereFailsWithADiff() {
    let error = ScriptHarness().error(
      """
      local app = navd.launch("counter")
      app:send("incrementButtonTapped")
      local doc = app:export()
      doc.final.state.count = 7
      navd.launch("counter", { replay = doc })
      """)
    XCTAssertTrue(
      error.contains("the replay did not end in the document's final state"), error)
  }

  func testMalformedDocumentsAreRefusedClearly() {
    XCTAssertThrowsError(try ReplayDocument(.string("x")))
    XCTAssertThrowsError(try ReplayDocument(["format": "navd-replay", "formatVersion": 2]))
    XCTAssertThrowsError(
      try ReplayDocument([
        "format": "navd-replay", "formatVersion": 1, "feature": "counter",
        "steps": [["at": 2, "action": "a"], ["at": 1, "action": "b"]],
      ])
    ) { error in
      XCTAssertTrue((error as? LuaError)?.message.contains("goes back in time") ?? false)
    }
  }
}
