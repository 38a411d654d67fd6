// The navd Lua module: features, launching, sending, awaiting, time, the end of a scenario, and
// memory when scripts fail.

@testable import CaseStudies
import Composable
import LuaBridge
import NavScript
import XCTest

final class ScriptHostTests: XCTestCase {
  // MARK: - The navd module

  func testFeaturesListsTheRegistryInOrder() throws {
    let harness = ScriptHarness()
    XCTAssertEqual(
      try harness.run("return navd.features()"),
      [
        [
          "app", "counter", "multiple-destinations", "navigation", "contacts", "shared-state",
          "modern-contacts", "modern-contacts-two-presents",
        ]
      ])
    XCTAssertEqual(
      try harness.run(
        "local d = navd.describe_features() return #d, d[5].name, d[5].summary, navd.version"),
      [
        8, "contacts", "Contacts with an add-contact sheet and a delete confirmation alert.",
        .string(navdVersion),
      ])
  }

  func testLaunchingAnUnknownFeatureNamesTheKnownOnes() {
    XCTAssertEqual(
      ScriptHarness().error("local app = navd.launch(\"nope\")"),
      "scenario.lua:1: navd.launch: no feature named \"nope\"; the features are \"app\", "
        + "\"counter\", \"multiple-destinations\", \"navigation\", \"contacts\", \"shared-state\", "
        + "\"modern-contacts\", \"modern-contacts-two-presents\"")
  }

  func testUnknownLaunchOption() {
    XCTAssertEqual(
      ScriptHarness().error("navd.launch(\"counter\", { colour = 1 })"),
      "scenario.lua:1: unknown launch option 'colour' (expected state, clock, timeout, history or replay)"
    )
  }

  func testHostGoneFailsClearly() throws {
    let lua = LuaState()
    do {
      let host = ScriptHost(features: caseStudyFeatures)
      host.install(in: lua)
    }
    do {
      try lua.run("navd.features()")
      XCTFail("navd.features() ran after its host was released")
    } catch {
      XCTAssertEqual(error.summary, "navd: the script host is gone")
    }
  }

  // MARK: - launch and send

  func testLaunchWithInitialState() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("counter", { state = { count = 41 } })
      local before = app.version
      app:send("incrementButtonTapped")
      return app.state.count, app.feature, app.clock, app.version > before
      """)
    XCTAssertEqual(results, [42, "counter", "virtual", true])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testLaunchWithAStateWithoutDestination() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("contacts", {
        state = { contacts = { { id = "00000000-0000-0000-0000-0000000000AB", name = "Blob" } } },
      })
      app:send("deleteButtonTapped", { id = app.state.contacts[1].id })
      app:send("destination.presented.alert.confirmDeletion", { id = app.state.contacts[1].id })
      return #app.state.contacts, app.state.destination
      """)
    XCTAssertEqual(results, [0, nil])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testLaunchWithInvalidStateNamesTheField() {
    XCTAssertEqual(
      ScriptHarness().error("navd.launch(\"counter\", { state = { count = \"many\" } })"),
      "scenario.lua:1: invalid state for Counter.State: wrong type at count: expected Int, got string \"many\""
    )
  }

  func testSendByPathAndByTable() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("contacts")
      app:send("addButtonTapped")
      app:send("destination.presented.addContact.setName", "Blob")
      app:send({ destination = { presented = { addContact = "saveButtonTapped" } } })
      local s = app:await(function(s) return #s.contacts == 1 and s.destination == nil end)
      return s.contacts[1].name, #s.contacts[1].id, app.state.destination
      """)
    // The seed makes the contact's id with UUID(): 36 characters, whatever they are.
    XCTAssertEqual(results, ["Blob", 36, nil])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testSendWithPayloadInParentheses() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("shared-state")
      app:send("selectTab(profile)")
      app:send("counter.incrementButtonTapped")
      app:send({ counter = "incrementButtonTapped" })
      return app.state.currentTab, app.state.counter.count, app.state.counter.numberOfCounts
      """)
    XCTAssertEqual(results, ["profile", 2, 2])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testSendByStackPosition() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-2).screenB.screenCButtonTapped")
      app:send("path.element(@1).screenA.incrementButtonTapped")
      local s = app.state
      return #s.path, s.path[4].id, s.path[4].screenC.count, s.path[1].screenA.count
      """)
    XCTAssertEqual(results, [4, 3, 0, 1])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testUnknownCaseNamesTheSegmentAndType() throws {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local app = navd.launch("counter")
      app:send("nope")
      """)
    XCTAssertEqual(
      message,
      "scenario.lua:2: invalid action for Counter.Action: no case \"nope\" in Counter.Action; the cases are "
        + "decrementButtonTapped, incrementButtonTapped")
  }

  func testUnknownNestedCaseNamesWhereItIs() {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local app = navd.launch("contacts")
      app:send("destination.presented.addContact.fly")
      """)
    XCTAssertTrue(message.hasPrefix("scenario.lua:2: "), message)
    XCTAssertTrue(
      message.contains(
        "no case \"fly\" in AddContactFeature.Action (at destination.presented.addContact)"),
      message)
  }

  func testWrongPayloadTypeNamesTheField() {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local app = navd.launch("contacts")
      app:send("addButtonTapped")
      app:send("destination.presented.addContact.setName", 3)
      """)
    XCTAssertTrue(message.hasPrefix("scenario.lua:3: "), message)
    XCTAssertTrue(
      message.contains(
        "invalid action for ContactsFeature.Action: wrong type at "
          + "destination.presented.addContact.setName: expected String, got number 3"),
      message)
  }

  func testSendWithoutAnAction() throws {
    let message = ScriptHarness().error("navd.launch(\"counter\"):send(3)")
    XCTAssertEqual(
      message,
      "scenario.lua:1: bad argument #1 to 'send' (action path string or table expected, got number)"
    )
  }

  func testMethodCalledWithADot() {
    XCTAssertEqual(
      ScriptHarness().error(
        "local app = navd.launch(\"counter\") app.send(\"incrementButtonTapped\")"),
      "bad self to 'send' (navd.Store expected, got string): call it with a colon, as in "
        + "handle:send(…)")
  }

  // MARK: - await

  func testAwaitReturnsTheState() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("counter")
      app:send("incrementButtonTapped")
      local s = app:await(function(s) return s.count == 1 end)
      return s.count
      """)
    XCTAssertEqual(results, [1])
  }

  func testAwaitTimesOutWithTheLastState() {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local app = navd.launch("counter")
      app:send("incrementButtonTapped")
      app:await(function(s) return s.count == 5 end, 0.5)
      """)
    XCTAssertEqual(
      message,
      """
      scenario.lua:3: await: the predicate did not hold within 0.5 s of virtual time. Last state \
      of counter:
      {
        count = 1
      }
      """)
  }

  func testErrorInThePredicate() {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local app = navd.launch("counter")
      app:await(function(s)
        error("boom")
      end)
      """)
    XCTAssertTrue(
      message.hasPrefix("scenario.lua:2: error in await's predicate: scenario.lua:3: boom"),
      message)
  }

  func testAwaitNeedsAFunction() {
    XCTAssertEqual(
      ScriptHarness().error("navd.launch(\"counter\"):await(1)"),
      "bad argument #1 to 'await' (function expected, got number)")
  }

  func testAwaitAdvancesVirtualTime() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-1).screenC.startButtonTapped")
      local s = app:await(function(s) return s.path[3].screenC.count == 60 end, 61)
      app:send("path.element(-1).screenC.stopButtonTapped")
      return s.path[3].screenC.count, s.path[3].screenC.isTimerRunning,
        app.state.path[3].screenC.isTimerRunning
      """)
    XCTAssertEqual(results, [60, true, false])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testAdvanceMovesVirtualTime() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-1).screenC.startButtonTapped")
      app:advance(3)
      local after3 = app.state.path[3].screenC.count
      app:advance(0.5)
      app:advance(0.5)
      local after4 = app.state.path[3].screenC.count
      app:send("path.element(-1).screenC.stopButtonTapped")
      return after3, after4
      """)
    XCTAssertEqual(results, [3, 4])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testAdvanceCannotGoBack() {
    XCTAssertEqual(
      ScriptHarness().error("navd.launch(\"counter\"):advance(-1)"),
      "scenario.lua:1: advance: time cannot go back")
  }

  // MARK: - End of scenario

  func testFinishScenarioReportsARunningTimer() throws {
    let harness = ScriptHarness()
    try harness.run(
      """
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-1).screenC.startButtonTapped")
      app:advance(2)
      """)
    let problems = harness.host.finishScenario()
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertTrue(
      problems.first?.hasPrefix("the navigation store still has an effect running, started by: ")
        == true, "\(problems)")
    XCTAssertTrue(problems.first?.contains("startButtonTapped") == true, "\(problems)")
    XCTAssertEqual(harness.host.finishScenario(), [], "the stores are forgotten")
  }

  func testFinishScenarioReportsRuntimeWarnings() throws {
    let harness = ScriptHarness()
    try harness.run(
      """
      local app = navd.launch("contacts")
      app:send("destination.presented.addContact.setName", "Blob")
      """)
    let problems = harness.host.finishScenario()
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertTrue(problems.first?.hasPrefix("runtime warning: ") == true, "\(problems)")
    XCTAssertTrue(
      problems.first?.contains("received a presentation action when destination state was")
        == true, "\(problems)")
  }

  func testWarningsCanBeReadAndCleared() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("contacts")
      app:send("destination.presented.addContact.setName", "Blob")
      local first = app:warnings()
      local second = app:warnings()
      return #first, #second
      """)
    XCTAssertEqual(results, [1, 0])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  // MARK: - test_store

  func testTestStoreSendReceiveFinish() throws {
    let harness = ScriptHarness()
    try harness.run(
      """
      local t = navd.test_store("navigation")
      t:send("goToABCButtonTapped", function(s)
        s.path = {
          { id = 0, screenA = { count = 0, isLoading = false } },
          { id = 1, screenB = {} },
          { id = 2, screenC = { count = 0, isTimerRunning = false } },
        }
      end)
      t:send("path.element(-1).screenC.startButtonTapped", function(s)
        s.path[3].screenC.isTimerRunning = true
      end)
      t:advance(1)
      t:receive("path.element(2).screenC.timerTick", function(s) s.path[3].screenC.count = 1 end)
      t:advance(1)
      t:receive("path.element(2).screenC.timerTick", function(s)
        local changed = s
        changed.path[3].screenC.count = 2
        return changed
      end)
      t:send("path.element(2).screenC.stopButtonTapped", function(s)
        s.path[3].screenC.isTimerRunning = false
      end)
      t:receive("path.element(2).screenC.stopButtonTapped")
      t:finish()
      assert(t.state.path[3].screenC.count == 2)
      assert(t.exhaustive == true and t.feature == "navigation")
      """)
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testMisassertedTestStoreShowsTheDiffAndLocation() {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local t = navd.test_store("counter")
      t:send("incrementButtonTapped", function(s) s.count = 2 end)
      """, name: "counter_spec.lua")
    XCTAssertTrue(
      message.hasPrefix("counter_spec.lua:2: A state change does not match expectation."),
      message)
    XCTAssertTrue(message.contains("(Expected: −, Actual: +)"), message)
    XCTAssertTrue(message.contains("−"), message)
    XCTAssertTrue(message.contains("count: 2"), message)
    XCTAssertTrue(message.contains("count: 1"), message)
  }

  func testReceiveOfAnActionNeverSent() {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local t = navd.test_store("counter")
      t:receive("incrementButtonTapped")
      """)
    XCTAssertTrue(message.hasPrefix("scenario.lua:2: "), message)
  }

  func testNonExhaustiveTestStoreSkipsUnassertedChanges() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local t = navd.test_store("shared-state")
      t.exhaustive = false
      t:send("counter.incrementButtonTapped", function(s) s.counter.count = 1 end)
      t:send("counter.incrementButtonTapped")
      t:finish()
      return t.exhaustive, t.state.counter.numberOfCounts
      """)
    XCTAssertEqual(results, [false, 2])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testExhaustiveTestStoreFailsOnUnassertedChanges() throws {
    let harness = ScriptHarness()
    let message = harness.error(
      """
      local t = navd.test_store("shared-state")
      t:send("counter.incrementButtonTapped", function(s) s.counter.count = 1 end)
      """)
    XCTAssertTrue(
      message.hasPrefix("scenario.lua:2: A state change does not match expectation"), message)
    XCTAssertTrue(message.contains("numberOfCounts"), message)
  }

  func testNonExhaustiveTestStore() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local t = navd.test_store("navigation")
      t.exhaustive = false
      t:send("goToABCButtonTapped")
      t:send("path.element(-1).screenC.startButtonTapped", function(s)
        s.path[3].screenC.isTimerRunning = true
      end)
      t:advance(3)
      -- Non-exhaustive receive skips to the first matching action: the first tick.
      t:receive("path.element(-1).screenC.timerTick", function(s)
        s.path[3].screenC.count = 1
      end)
      t:finish()
      return t.exhaustive, #t.state.path, t.state.path[3].screenC.count
      """)
    XCTAssertEqual(results, [false, 3, 3])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testExhaustiveTestStoreFailsOnAnUnexpectedChange() {
    let message = ScriptHarness().error(
      """
      local t = navd.test_store("counter")
      t:send("incrementButtonTapped")
      """)
    XCTAssertTrue(
      message.hasPrefix(
        "scenario.lua:2: State was not expected to change, but a change occurred."), message)
    XCTAssertTrue(message.contains("(Expected: −, Actual: +)"), message)
  }

  func testExhaustiveMustBeABoolean() {
    XCTAssertEqual(
      ScriptHarness().error("local t = navd.test_store(\"counter\") t.exhaustive = 1"),
      "exhaustive must be true or false, got number")
  }

  /// A test store on Screen C whose timer was started, its state asserted: Lua that a test
  /// finishes in its own way.
  private let testStoreWithATimerRunning = """
    local t = navd.test_store("navigation", {
      state = { path = { { id = 4, screenC = { count = 0, isTimerRunning = false } } } },
    })
    t:send("path.element(4).screenC.startButtonTapped", function(s)
      s.path[1].screenC.isTimerRunning = true
    end)

    """

  func testUnfinishedTestStoreFailsTheScenario() throws {
    let harness = ScriptHarness()
    try harness.run(testStoreWithATimerRunning)
    let problems = harness.host.finishScenario()
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertTrue(
      problems.first?.hasPrefix(
        "scenario.lua:1: An effect returned for this action is still running.") == true,
      "\(problems)")
  }

  func testCancelEffectsEndsARunningTimer() throws {
    let harness = ScriptHarness()
    let results = try harness.run(
      """
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      app:send("path.element(-1).screenC.startButtonTapped")
      app:advance(2)
      local cancelled = app:cancel_effects()
      app:advance(3)
      return cancelled, app.state.path[3].screenC.count, app:cancel_effects()
      """)
    XCTAssertEqual(results, [1, 2, 0], "one timer cancelled; no tick after it")
    XCTAssertEqual(harness.host.finishScenario(), [], "nothing is left running")
  }

  func testSkipInFlightEffectsLetsAnExhaustiveTestStoreFinish() throws {
    let harness = ScriptHarness()
    try harness.run(testStoreWithATimerRunning + "t:skip_in_flight_effects() t:finish()")
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testSkipsAreStrictUnlessToldOtherwise() throws {
    XCTAssertEqual(
      ScriptHarness().error(
        "local t = navd.test_store(\"counter\") t:skip_in_flight_effects()"),
      "scenario.lua:1: There were no in-flight effects to skip.")
    XCTAssertEqual(
      ScriptHarness().error(
        "local t = navd.test_store(\"counter\") t:skip_received_actions()"),
      "scenario.lua:1: There were no received actions to skip.")
    let harness = ScriptHarness()
    try harness.run(
      """
      local t = navd.test_store("counter")
      t:skip_received_actions({ strict = false })
      t:skip_in_flight_effects({ strict = false })
      t:finish()
      """)
    XCTAssertEqual(harness.host.finishScenario(), [])
    XCTAssertEqual(
      ScriptHarness().error(
        "local t = navd.test_store(\"counter\") t:skip_in_flight_effects({ strict = 0 })"),
      "skip_in_flight_effects takes { strict = true } or { strict = false }")
  }
}
