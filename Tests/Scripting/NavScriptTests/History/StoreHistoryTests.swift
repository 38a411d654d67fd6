@testable import CaseStudies
import Composable
import LuaBridge
@testable import NavHosting
@testable import NavScript
import NavValue
import XCTest

final class StoreHistoryTests: XCTestCase {
  private func history(capacity: Int, clock: TestClock<Duration>? = nil) -> StoreHistory<Int> {
    StoreHistory(
      capacity: capacity, state: 0, version: 0, clock: clock, launchedAt: ContinuousClock.now)
  }

  /// Records action `a<version>` leaving `state`, as the root store calls it.
  private func record(
    _ history: StoreHistory<Int>, _ version: UInt64, _ state: Int,
    origin: StoreChangeOrigin = .send, changed: Bool = true
  ) {
    var state = state
    withUnsafePointer(to: &state) {
      history.record(
        action: "a\(version)", state: UnsafeRawPointer($0), version: version, changed: changed,
        origin: origin)
    }
  }

  /// An action that changed nothing has no state in its record (its patch is `[]`), not a null
  /// state (which made the daemon's patch replace the whole state with null).
  func testAnActionThatChangedNothingCarriesNoState() throws {
    let history = history(capacity: 4)
    record(history, 1, 10)
    record(history, 1, 10, changed: false)
    let slice = try history.slice(
      since: nil, after: nil, limit: nil, version: 1, encodeState: encode,
      encodeAction: { .string("\($0)") })
    XCTAssertEqual(slice.entries.map(\.state), [.integer(10), nil])
  }

  private func encode(_ state: Int) -> DataValue { .integer(state) }

  func testARingKeepsTheLastEntriesAndMovesItsStart() throws {
    let history = history(capacity: 3)
    for version in 1...5 { record(history, UInt64(version), Int(version) * 10) }
    XCTAssertEqual(history.count, 3)
    XCTAssertEqual(history.versions, 2...5)
    XCTAssertEqual(history.start.state, 20)
    XCTAssertEqual(history.state(at: 4), 40)
    XCTAssertEqual(history.state(at: 2), 20, "the start state is a jump target")
    XCTAssertNil(history.state(at: 1), "a dropped version is gone")
    XCTAssertNil(history.state(at: 9))
    let slice = try history.slice(
      since: nil, after: nil, limit: 2, version: 5, encodeState: encode,
      encodeAction: { .string("\($0)") })
    XCTAssertEqual(slice.entries.map(\.sequence), [4, 5])
    XCTAssertEqual(slice.entries.map(\.action), ["a4", "a5"])
    XCTAssertEqual(slice.before, .integer(30))
    XCTAssertEqual(slice.first, 2)
    let after = try history.slice(
      since: 3, after: nil, limit: 1, version: 5, encodeState: encode,
      encodeAction: { .string("\($0)") })
    XCTAssertEqual(after.entries.map(\.version), [4])
  }

  /// The states' buffer grows as entries come (from 64), then wraps: every state stays at its
  /// entry, across the growth and many turns of the ring.
  func testStatesStayWithTheirEntriesAsTheBufferGrowsAndWraps() throws {
    let history = history(capacity: 1_000)
    for version in 1...2_500 { record(history, UInt64(version), Int(version) * 3) }
    XCTAssertEqual(history.count, 1_000)
    XCTAssertEqual(history.versions, 1_500...2_500)
    for version in stride(from: 1_500, through: 2_500, by: 7) {
      XCTAssertEqual(history.state(at: UInt64(version)), version * 3, "version \(version)")
    }
    let slice = try history.slice(
      since: 2_497, after: nil, limit: nil, version: 2_500, encodeState: encode,
      encodeAction: { .string("\($0)") })
    XCTAssertEqual(slice.entries.map(\.state), [7_494, 7_497, 7_500])
    XCTAssertEqual(slice.before, .integer(7_491))
  }

  /// States that own memory are freed as they leave the ring and when the history goes.
  func testAStateLeavesNothingBehindWhenDroppedOrWhenTheHistoryGoes() {
    final class Tracked {
      nonisolated(unsafe) static var alive = 0; init() { Self.alive += 1 };
      deinit { Self.alive -= 1 }
    }
    do {
      let history = StoreHistory<Tracked>(
        capacity: 100, state: Tracked(), version: 0, clock: nil, launchedAt: .now)
      for version in 1...300 {
        var state = Tracked()
        withUnsafePointer(to: &state) {
          history.record(
            action: version, state: UnsafeRawPointer($0), version: UInt64(version), changed: true,
            origin: .send)
        }
      }
      XCTAssertEqual(Tracked.alive, 101, "the 100 kept and the start state")
    }
    XCTAssertEqual(Tracked.alive, 0)
  }

  func testAZeroCapacityKeepsNothing() {
    let history = history(capacity: 0)
    record(history, 1, 1)
    XCTAssertEqual(history.count, 0)
  }

  /// The store's own call: the time comes from the store's clock, which the recorder reads
  /// without taking the clock's lock, and the sender from the calling thread.
  func testTheStoresCallTakesItsTimeFromTheVirtualClockAndItsSenderFromTheThread() throws {
    let clock = TestClock<Duration>()
    let history = history(capacity: 4, clock: clock)
    clock.advanceBlocking(to: .init(offset: .milliseconds(1_500)), settle: {})
    HistorySender.with(client: 6) { record(history, 1, 7) }
    clock.advanceBlocking(to: .init(offset: .seconds(3)), settle: {})
    record(history, 2, 8, origin: .effect)
    let slice = try history.slice(
      since: 0, after: nil, limit: nil, version: 2, encodeState: encode,
      encodeAction: { .string("\($0)") })
    XCTAssertEqual(slice.entries.map(\.offset), [1.5, 3])
    XCTAssertEqual(slice.entries.map(\.client), [6, nil])
    XCTAssertEqual(slice.entries.map(\.origin), [.send, .effect])
    XCTAssertEqual(history.state(at: 2), 8)
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
