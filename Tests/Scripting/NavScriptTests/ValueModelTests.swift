@testable import CaseStudies
import Composable
import Foundation
import LuaBridge
import NavValue
import XCTest

@testable import NavHosting
@testable import NavScript

final class ValueModelTests: XCTestCase {
  let contactID = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
  let otherID = UUID(uuidString: "00000000-0000-0000-0000-000000000002")!

  // MARK: - Shapes

  func testCaseWithoutPayloadIsItsName() throws {
    XCTAssertEqual(try luaRoundTrip(Counter.Action.incrementButtonTapped), "incrementButtonTapped")
    XCTAssertEqual(try luaRoundTrip(Counter.Action.decrementButtonTapped), "decrementButtonTapped")
  }

  func testOneUnlabeledPayloadIsFlattened() throws {
    XCTAssertEqual(try luaRoundTrip(AddContactFeature.Action.setName("Blob")), ["setName": "Blob"])
  }

  func testLabeledPayloadKeepsItsLabel() throws {
    XCTAssertEqual(
      try luaRoundTrip(ContactsFeature.Action.deleteButtonTapped(id: contactID)),
      ["deleteButtonTapped": ["id": .string(contactID.uuidString)]])
  }

  func testPresentationActionShape() throws {
    XCTAssertEqual(
      try luaRoundTrip(
        ContactsFeature.Action.destination(.presented(.addContact(.setName("Blob"))))),
      ["destination": ["presented": ["addContact": ["setName": "Blob"]]]])
    XCTAssertEqual(
      try luaRoundTrip(ContactsFeature.Action.destination(.dismiss)), ["destination": "dismiss"])
  }

  func testStackElementActionShape() throws {
    XCTAssertEqual(
      try luaRoundTrip(
        NavigationDemo.Action.path(.element(id: 2, action: .screenB(.screenAButtonTapped)))),
      ["path": ["element": ["id": 2, "action": ["screenB": "screenAButtonTapped"]]]])
  }

  func testCounterStateShape() throws {
    XCTAssertEqual(try luaRoundTrip(Counter.State(count: 42)), ["count": 42])
  }

  func testPresentationStateIsTheValueOrNil() throws {
    let none = try luaRoundTrip(ContactsFeature.State())
    XCTAssertEqual(none["destination"], .null)
    XCTAssertEqual(none["contacts"], .emptyObject)
    let presented = try luaRoundTrip(
      ContactsFeature.State(
        destination: .addContact(.init(contact: Contact(id: contactID, name: "Blob")))))
    XCTAssertEqual(
      presented["destination"],
      ["addContact": ["contact": ["id": .string(contactID.uuidString), "name": "Blob"]]])
  }

  func testStackElementsCarryTheirIDs() throws {
    let value = try luaRoundTrip(navigationStateWithTwoScreens())
    guard case .array(let path) = value["path"] else { return XCTFail("no path in \(value)") }
    XCTAssertEqual(path.map { $0["id"] }, [4, 9])
    XCTAssertEqual(value["path"][1]["screenC"], ["count": 1, "isTimerRunning": false])
    XCTAssertEqual(value["path"][2]["screenA"]["fact"], "5 is odd")
    XCTAssertEqual(value["path"][2]["screenA"]["isLoading"], true)
  }

  // MARK: - Round trips of every case study

  func testCounterRoundTrips() throws {
    try luaRoundTrip(Counter.State())
    try luaRoundTrip(Counter.State(count: -3))
    for action in [Counter.Action.incrementButtonTapped, .decrementButtonTapped] {
      try luaRoundTrip(action)
    }
  }

  func testNothingPresentedRoundTrips() throws {
    try luaRoundTrip(MultipleDestinations.State())
    try luaRoundTrip(ContactsFeature.State())
    try luaRoundTrip(
      ContactsFeature.State(contacts: [Contact(id: contactID, name: "Blob")]))
    try luaRoundTrip(SharedState.State())
    try luaRoundTrip(SharedState.State(currentTab: .profile))
    try luaRoundTrip(AppFeature.State())
    try luaRoundTrip(AppFeature.State(destination: .contacts(ContactsFeature.State())))
    try luaRoundTrip(AppFeature.State(destination: .sharedState(SharedState.State())))
    try luaRoundTrip(
      AppFeature.State(destination: .multipleDestinations(MultipleDestinations.State())))
  }

  func testMultipleDestinationsRoundTrips() throws {
    try luaRoundTrip(MultipleDestinations.State(destination: .drillDown(.init(count: 1))))
    try luaRoundTrip(MultipleDestinations.State(destination: .popover(.init(count: 2))))
    try luaRoundTrip(MultipleDestinations.State(destination: .sheet(.init(count: 3))))
    let actions: [MultipleDestinations.Action] = [
      .showDrillDown, .showPopover, .showSheet, .destination(.dismiss),
      .destination(.presented(.drillDown(.incrementButtonTapped))),
      .destination(.presented(.popover(.decrementButtonTapped))),
      .destination(.presented(.sheet(.incrementButtonTapped))),
    ]
    for action in actions { try luaRoundTrip(action) }
  }

  func testNavigationDemoRoundTripsWithIDs() throws {
    try luaRoundTrip(NavigationDemo.State())
    let state = navigationStateWithTwoScreens()
    let value = try ValueModel.encodeAny(state)
    let lua = LuaState()
    lua.stack.push(value)
    let decoded = try ValueModel.buildAny(
      NavigationDemo.State.self, from: try lua.stack.value(at: -1), what: "state")
    XCTAssertEqual(decoded.path.ids, [4, 9])
    XCTAssertEqual(decoded, state)
    try luaRoundTrip(state)

    let actions: [NavigationDemo.Action] = [
      .goToABCButtonTapped, .popToRoot, .goBackToScreen(id: 5),
      .path(.popFrom(id: 3)),
      .path(.push(id: 9, state: .screenC(.init(count: 1, isTimerRunning: false)))),
      .path(.push(id: 10, state: .screenB())),
      .path(.element(id: 3, action: .screenA(.incrementButtonTapped))),
      .path(.element(id: 3, action: .screenA(.decrementButtonTapped))),
      .path(.element(id: 3, action: .screenA(.dismissButtonTapped))),
      .path(.element(id: 3, action: .screenA(.factButtonTapped))),
      .path(.element(id: 3, action: .screenA(.factResponse(.success("3 is odd"))))),
      .path(.element(id: 3, action: .screenA(.factResponse(.failure(TaskResultFailure("down")))))),
      .path(.element(id: 5, action: .screenB(.screenAButtonTapped))),
      .path(.element(id: 5, action: .screenB(.screenBButtonTapped))),
      .path(.element(id: 5, action: .screenB(.screenCButtonTapped))),
      .path(.element(id: 8, action: .screenC(.startButtonTapped))),
      .path(.element(id: 8, action: .screenC(.stopButtonTapped))),
      .path(.element(id: 8, action: .screenC(.timerTick))),
    ]
    for action in actions { try luaRoundTrip(action) }
  }

  func testStackElementsWithoutIDsGetNewOnes() throws {
    let value: DataValue = ["path": [["screenB": [:]], ["screenB": [:], "id": 4]]]
    let state = try ValueModel.buildAny(NavigationDemo.State.self, from: value, what: "state")
    XCTAssertEqual(state.path.count, 2)
    XCTAssertEqual(state.path.ids[1], 4)
    XCTAssertNotEqual(state.path.ids[0], 4)
  }

  func testDuplicateStackIDsAreRejected() {
    let value: DataValue = ["path": [["screenB": [:], "id": 4], ["screenB": [:], "id": 4]]]
    XCTAssertThrowsError(
      try ValueModel.buildAny(NavigationDemo.State.self, from: value, what: "state")
    ) { error in
      let message = (error as? LuaError)?.message ?? ""
      XCTAssertTrue(message.hasPrefix("invalid state for NavigationDemo.State: "), message)
      XCTAssertTrue(message.contains("stack element id #4 is used twice"), message)
    }
  }

  func testContactsRoundTrips() throws {
    let blob = Contact(id: contactID, name: "Blob")
    let blobJr = Contact(id: otherID, name: "Blob Jr.")
    try luaRoundTrip(
      ContactsFeature.State(
        contacts: [blob],
        destination: .addContact(.init(contact: Contact(id: otherID, name: "Bl")))))
    let alert = AlertState<ContactsFeature.Action.Alert> {
      TextState("Are you sure?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(id: contactID)) {
        TextState("Delete")
      }
    }
    let withAlert = try luaRoundTrip(
      ContactsFeature.State(contacts: [blob, blobJr], destination: .alert(alert)))
    XCTAssertEqual(withAlert["contacts"][2]["name"], "Blob Jr.")
    XCTAssertNotEqual(withAlert["destination"]["alert"], .null)

    let actions: [ContactsFeature.Action] = [
      .addButtonTapped, .deleteButtonTapped(id: contactID), .destination(.dismiss),
      .destination(.presented(.alert(.confirmDeletion(id: contactID)))),
      .destination(.presented(.addContact(.setName("Blob")))),
      .destination(.presented(.addContact(.saveButtonTapped))),
      .destination(.presented(.addContact(.cancelButtonTapped))),
      .destination(.presented(.addContact(.delegate(.saveContact(blob))))),
    ]
    for action in actions { try luaRoundTrip(action) }
  }

  func testAddContactRoundTrips() throws {
    let state = AddContactFeature.State(contact: Contact(id: contactID, name: "Blob"))
    XCTAssertEqual(
      try luaRoundTrip(state), ["contact": ["id": .string(contactID.uuidString), "name": "Blob"]])
    let actions: [AddContactFeature.Action] = [
      .cancelButtonTapped, .saveButtonTapped, .setName(""), .setName("Blob \"the\" 🐟"),
      .delegate(.saveContact(Contact(id: otherID, name: "Blob Sr."))),
    ]
    for action in actions { try luaRoundTrip(action) }
  }

  func testSharedStateRoundTrips() throws {
    let counter = SharedState.Counter.State(
      alert: AlertState { TextState("👍 The number 5 is prime!") }, count: 5, maxCount: 7,
      minCount: -2, numberOfCounts: 11)
    let value = try luaRoundTrip(SharedState.State(counter: counter, currentTab: .profile))
    XCTAssertEqual(value["currentTab"], "profile")
    XCTAssertEqual(value["counter"]["maxCount"], 7)
    XCTAssertNotEqual(value["counter"]["alert"], .null)

    let actions: [SharedState.Action] = [
      .selectTab(.counter), .selectTab(.profile),
      .counter(.incrementButtonTapped), .counter(.decrementButtonTapped),
      .counter(.isPrimeButtonTapped), .counter(.alert(.dismiss)),
      .profile(.resetCounterButtonTapped),
    ]
    for action in actions { try luaRoundTrip(action) }
  }

  func testAppFeatureRoundTripsEveryDestination() throws {
    let blob = Contact(id: contactID, name: "Blob")
    let destinations: [AppFeature.Destination.State] = [
      .contacts(
        ContactsFeature.State(
          contacts: [blob], destination: .addContact(.init(contact: Contact(id: otherID, name: "")))
        )
      ),
      .counter(Counter.State(count: 3)),
      .multipleDestinations(MultipleDestinations.State(destination: .sheet(.init(count: 1)))),
      .navigation(navigationStateWithTwoScreens()),
      .sharedState(
        SharedState.State(
          counter: .init(alert: AlertState { TextState("Hi") }), currentTab: .profile)),
    ]
    for destination in destinations {
      try luaRoundTrip(AppFeature.State(destination: destination))
    }
    let navigation = try luaRoundTrip(
      AppFeature.State(destination: .navigation(navigationStateWithTwoScreens())))
    XCTAssertEqual(navigation["destination"]["navigation"]["path"][2]["id"], 9)

    let actions: [AppFeature.Action] = [
      .contactsButtonTapped, .counterButtonTapped, .multipleDestinationsButtonTapped,
      .navigationButtonTapped, .sharedStateButtonTapped, .destination(.dismiss),
      .destination(.presented(.contacts(.addButtonTapped))),
      .destination(.presented(.counter(.incrementButtonTapped))),
      .destination(.presented(.multipleDestinations(.showSheet))),
      .destination(
        .presented(.navigation(.path(.element(id: 8, action: .screenC(.timerTick)))))),
      .destination(.presented(.sharedState(.selectTab(.profile)))),
    ]
    for action in actions { try luaRoundTrip(action) }
  }

  // MARK: - Errors

  func testUnknownCaseNamesTheType() {
    XCTAssertThrowsError(
      try ValueModel.buildAny(Counter.Action.self, from: "nope", what: "action")
    ) { error in
      let message = (error as? LuaError)?.message ?? ""
      XCTAssertTrue(message.hasPrefix("invalid action for Counter.Action: "), message)
      XCTAssertTrue(message.contains("\"nope\""), message)
    }
  }

  func testWrongPayloadTypeNamesTheField() {
    XCTAssertThrowsError(
      try ValueModel.buildAny(
        ContactsFeature.Action.self,
        from: ["destination": ["presented": ["addContact": ["setName": 3]]]], what: "action")
    ) { error in
      let message = (error as? LuaError)?.message ?? ""
      XCTAssertTrue(message.hasPrefix("invalid action for ContactsFeature.Action: "), message)
      XCTAssertTrue(message.contains("setName"), message)
    }
  }

  func testPayloadForACaseWithoutOneIsRejected() {
    XCTAssertThrowsError(
      try ValueModel.buildAny(
        Counter.Action.self, from: ["incrementButtonTapped": ["by": 2]], what: "action")
    ) { error in
      let message = (error as? LuaError)?.message ?? ""
      XCTAssertTrue(message.hasPrefix("invalid action for Counter.Action: "), message)
      XCTAssertTrue(
        message.contains("case \"incrementButtonTapped\" takes no payload, got by = 2"), message)
    }
  }

  func testMisspeltLabelIsRejected() {
    XCTAssertThrowsError(
      try ValueModel.buildAny(
        NavigationDemo.Action.self, from: ["goBackToScreen": ["id": 1, "idd": 2]], what: "action")
    ) { error in
      let message = (error as? LuaError)?.message ?? ""
      XCTAssertTrue(message.contains("case \"goBackToScreen\" has no field for idd = 2"), message)
    }
  }

  func testAlertWithoutActionsCannotBeSentAnAction() {
    XCTAssertThrowsError(
      try ValueModel.buildAny(
        SharedState.Action.self, from: ["counter": ["alert": ["presented": "anything"]]],
        what: "action")
    ) { error in
      let message = (error as? LuaError)?.message ?? ""
      XCTAssertTrue(message.contains("only 'dismiss' can be sent to it"), message)
    }
  }
}

/// A navigation state whose stack holds a stopped screen C (id 4) under a loading screen A (id 9).
private func navigationStateWithTwoScreens() -> NavigationDemo.State {
  var state = NavigationDemo.State()
  state.path[id: 4] = .screenC(ScreenC.State(count: 1, isTimerRunning: false))
  state.path[id: 9] = .screenA(ScreenA.State(count: 5, fact: "5 is odd", isLoading: true))
  return state
}
