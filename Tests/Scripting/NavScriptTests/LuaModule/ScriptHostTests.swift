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

  // MARK: - Memory under failure

  func testFailingSendsDoNotLeak() throws {
    let harness = ScriptHarness()
    let loop = """
      local app = navd.launch("counter")
      for i = 1, 2000 do
        local ok, err = pcall(app.send, app, "nope")
        assert(not ok and err:find("no case", 1, true))
        ok, err = pcall(app.send, app, { incrementButtonTapped = 1 })
        assert(not ok)
        ok = pcall(app.send, app, "destination.presented(")
        assert(not ok)
      end
      """
    try harness.run(loop)
    _ = harness.host.finishScenario()
    harness.lua.collectGarbage()
    let baseline = harness.lua.memoryInUse
    for _ in 0..<3 {
      try harness.run(loop)
      _ = harness.host.finishScenario()
    }
    harness.lua.collectGarbage()
    XCTAssertLessThan(harness.lua.memoryInUse, baseline + 64 * 1024)
  }

  func testFailingAwaitsDoNotLeak() throws {
    let harness = ScriptHarness()
    let loop = """
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      for i = 1, 1000 do
        local ok = pcall(app.await, app, function(s) return #s.path == 9 end, 0)
        assert(not ok)
        ok = pcall(app.await, app, function(s) error({}) end)
        assert(not ok)
      end
      """
    try harness.run(loop)
    _ = harness.host.finishScenario()
    harness.lua.collectGarbage()
    let baseline = harness.lua.memoryInUse
    for _ in 0..<3 {
      try harness.run(loop)
      _ = harness.host.finishScenario()
    }
    harness.lua.collectGarbage()
    XCTAssertLessThan(harness.lua.memoryInUse, baseline + 64 * 1024)
  }

  func testFailingTestStoreSendsDoNotLeak() throws {
    let harness = ScriptHarness()
    let loop = """
      local t = navd.test_store("counter")
      t.exhaustive = false
      for i = 1, 500 do
        local ok = pcall(t.send, t, "nope")
        assert(not ok)
        ok = pcall(t.send, t, "incrementButtonTapped", function(s) s.count = -1 end)
        assert(not ok)
      end
      """
    try harness.run(loop)
    _ = harness.host.finishScenario()
    harness.lua.collectGarbage()
    let baseline = harness.lua.memoryInUse
    for _ in 0..<2 {
      try harness.run(loop)
      _ = harness.host.finishScenario()
    }
    harness.lua.collectGarbage()
    XCTAssertLessThan(harness.lua.memoryInUse, baseline + 64 * 1024)
  }
}
