// FeatureValues: features whose types have no Codable, in both dialects, launched, sent to,
// awaited and tested exhaustively from Lua.

import Composable
import Foundation
import NavScript
import NavValue
import XCTest

@testable import ModernCaseStudies

/// Seed 003's macro-era contacts (no Codable in any of its types) and a 1.0–1.3 counter with a
/// non-Decodable payload, as scripts see them.
let reflectedFeatures: [ScriptFeature] = [
  ScriptFeature(name: "modern-contacts", summary: "Seed 003, macro-era, no Codable.") {
    ContactsFeature.State()
  } reducer: {
    ContactsFeature()
  },
  ScriptFeature(name: "tally", summary: "1.0–1.3 dialect, no Codable.") {
    Tally.State()
  } reducer: {
    Tally()
  },
]

final class FeatureValuesTests: XCTestCase {
  func testAMacroEraFeatureWithoutCodableIsLaunchedSentToAndAwaited() throws {
    let harness = ScriptHarness(features: reflectedFeatures)
    let results = try harness.run(
      """
      local app = navd.launch("modern-contacts")
      app:send("addButtonTapped")
      assert(app.state.destination.addContact.contact.name == "")
      app:send("destination.presented.addContact.setName", "Blob")
      app:send("destination.presented.addContact.saveButtonTapped")
      app:await(function(s) return s.destination == nil end)
      return app.state.contacts[1].name, #app.state.contacts
      """)
    XCTAssertEqual(results, ["Blob", 1])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testATestStoreIsExhaustiveOverAFeatureWithoutCodable() throws {
    let harness = ScriptHarness(features: reflectedFeatures)
    try harness.run(
      """
      -- The seed makes the contact's id with UUID(), not the uuid dependency: read it.
      local t = navd.test_store("modern-contacts")
      t.exhaustive = false
      t:send("addButtonTapped")
      t.exhaustive = true
      local id = t.state.destination.addContact.contact.id
      assert(#id == 36)
      t:send('destination.presented.addContact.setName("Blob")', function(s)
        s.destination.addContact.contact.name = "Blob"
      end)
      t:send("destination.presented.addContact.saveButtonTapped")
      t:receive({ destination = { presented = { addContact = { delegate = {
        saveContact = { id = id, name = "Blob" } } } } } }, function(s)
        s.contacts = { { id = id, name = "Blob" } }
      end)
      t:receive("destination.dismiss", function(s) s.destination = nil end)
      t:finish()
      """)
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testAWrongExpectationFailsOnAFeatureWithoutCodable() {
    let harness = ScriptHarness(features: reflectedFeatures)
    let message = harness.error(
      """
      local t = navd.test_store("tally")
      t:send("add", function(s) s.total = 2 end)
      """)
    XCTAssertTrue(message.contains("A state change does not match expectation"), message)
  }

  func testANonDecodablePayloadIsBuiltFromItsFields() throws {
    let harness = ScriptHarness(features: reflectedFeatures)
    let results = try harness.run(
      """
      local app = navd.launch("tally")
      app:send("record", { label = "x", amount = 3 })
      app:send("setMode", "double")
      app:send("record", { label = "y", amount = 2 })
      return app.state.total, app.state.entries[2].label, app.state.mode
      """)
    XCTAssertEqual(results, [7, "y", "double"])
  }

  func testAPayloadThatCannotBeBuiltNamesTheCaseAndItsType() {
    let harness = ScriptHarness(features: reflectedFeatures)
    let message = harness.error(
      """
      local app = navd.launch("tally")
      app:send("record", { label = "x" })
      """)
    XCTAssertTrue(message.contains("invalid action for Tally.Action"), message)
    XCTAssertTrue(message.contains("record.amount: missing"), message)
    XCTAssertTrue(message.contains("Tally.Entry"), message)
  }

  func testALaunchStateSetsTheNamedFieldsOfTheInitialState() throws {
    let harness = ScriptHarness(features: reflectedFeatures)
    let results = try harness.run(
      """
      local app = navd.launch("tally", { state = { total = 10, mode = "double" } })
      app:send("add")
      return app.state.total, app.state.mode, app.state.title
      """)
    XCTAssertEqual(results, [12, "double", "Tally"])
  }

  func testALaunchStateFieldThatCannotBeBuiltIsNamed() {
    let harness = ScriptHarness(features: reflectedFeatures)
    let message = harness.error(
      """
      navd.launch("tally", { state = { mode = "triple" } })
      """)
    XCTAssertTrue(message.contains("invalid state for Tally.State: no case \"triple\""), message)
    XCTAssertTrue(message.contains("(at mode)"), message)
    XCTAssertTrue(message.contains("the cases are single, double"), message)
  }
}

/// A 1.0–1.3 feature with no Codable: a total of recorded entries.
struct Tally: Reducer {
  struct Entry: Equatable {
    var label: String
    var amount: Int
  }

  enum Mode: Equatable {
    case single
    case double
  }

  struct State: Equatable {
    var title = "Tally"
    var total = 0
    var mode = Mode.single
    var entries: [Entry] = []
  }

  enum Action: Equatable {
    case add
    case record(Entry)
    case setMode(Mode)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let factor = state.mode == .double ? 2 : 1
    switch action {
    case .add:
      state.total += factor
    case .record(let entry):
      state.entries.append(entry)
      state.total += entry.amount * factor
    case .setMode(let mode):
      state.mode = mode
    }
    return .none
  }
}
