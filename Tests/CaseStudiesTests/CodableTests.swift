import CaseStudies
import ComposableTesting
import Foundation
import XCTest

/// States and actions cross into Lua and onto the wire through `Codable`: each must come back
/// equal from JSON.
final class CodableTests: ComposableTestCase {
  func testCounter() throws {
    try assertRoundTrip(Counter.State(count: 3))
    try assertRoundTrip(Counter.Action.incrementButtonTapped)
    try assertRoundTrip(Counter.Action.decrementButtonTapped)
  }

  func testMultipleDestinations() throws {
    try assertRoundTrip(MultipleDestinations.State())
    try assertRoundTrip(MultipleDestinations.State(destination: .popover(Counter.State(count: 2))))
    try assertRoundTrip(MultipleDestinations.Action.showSheet)
    try assertRoundTrip(
      MultipleDestinations.Action.destination(.presented(.drillDown(.incrementButtonTapped))))
    try assertRoundTrip(MultipleDestinations.Action.destination(.dismiss))
  }

  func testNavigationDemo() throws {
    let state = NavigationDemo.State(
      path: StackState([
        .screenA(ScreenA.State(count: 1, fact: "1 is an odd number.", isLoading: false)),
        .screenB(),
        .screenC(ScreenC.State(count: 4, isTimerRunning: true)),
      ]))
    let decoded = try JSONDecoder().decode(
      NavigationDemo.State.self, from: JSONEncoder().encode(state))
    // Decoding gives the elements new ids; the elements themselves come back equal.
    XCTAssertEqual(Array(decoded.path), Array(state.path))

    try assertRoundTrip(NavigationDemo.Action.goToABCButtonTapped)
    try assertRoundTrip(NavigationDemo.Action.popToRoot)
    try assertRoundTrip(NavigationDemo.Action.goBackToScreen(id: 2))
    try assertRoundTrip(NavigationDemo.Action.path(.popFrom(id: 1)))
    try assertRoundTrip(NavigationDemo.Action.path(.push(id: 3, state: .screenC())))
    try assertRoundTrip(
      NavigationDemo.Action.path(.element(id: 0, action: .screenB(.screenAButtonTapped))))
    try assertRoundTrip(
      NavigationDemo.Action.path(.element(id: 2, action: .screenC(.timerTick))))
    try assertRoundTrip(
      NavigationDemo.Action.path(
        .element(id: 1, action: .screenA(.factResponse(.success("1 is an odd number."))))))
    try assertRoundTrip(FloatingMenu.ViewState(state: state))
  }

  func testContacts() throws {
    try assertRoundTrip(
      ContactsFeature.State(
        contacts: [Contact(id: UUID(0), name: "Blob"), Contact(id: UUID(1), name: "Blob Jr.")],
        destination: .addContact(
          AddContactFeature.State(contact: Contact(id: UUID(2), name: "Blob Sr.")))))
    try assertRoundTrip(
      ContactsFeature.State(
        contacts: [Contact(id: UUID(0), name: "Blob")],
        destination: .alert(
          AlertState {
            TextState("Are you sure?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion(id: UUID(0))) {
              TextState("Delete")
            }
          })))
    try assertRoundTrip(ContactsFeature.Action.addButtonTapped)
    try assertRoundTrip(ContactsFeature.Action.deleteButtonTapped(id: UUID(4)))
    try assertRoundTrip(
      ContactsFeature.Action.destination(.presented(.addContact(.setName("Blob")))))
    try assertRoundTrip(
      ContactsFeature.Action.destination(
        .presented(.addContact(.delegate(.saveContact(Contact(id: UUID(0), name: "Blob")))))))
    try assertRoundTrip(
      ContactsFeature.Action.destination(.presented(.alert(.confirmDeletion(id: UUID(0))))))
    try assertRoundTrip(ContactsFeature.Action.destination(.dismiss))
    try assertRoundTrip(AddContactFeature.Action.cancelButtonTapped)
  }

  func testSharedState() throws {
    try assertRoundTrip(
      SharedState.State(
        counter: SharedState.Counter.State(
          alert: AlertState { TextState("👍 The number 3 is prime!") },
          count: 3, maxCount: 3, minCount: -2, numberOfCounts: 9),
        currentTab: .profile))
    try assertRoundTrip(SharedState.Action.selectTab(.profile))
    try assertRoundTrip(SharedState.Action.counter(.isPrimeButtonTapped))
    try assertRoundTrip(SharedState.Action.counter(.alert(.dismiss)))
    try assertRoundTrip(SharedState.Action.profile(.resetCounterButtonTapped))

    var state = SharedState.State()
    state.counter.count = 5
    try assertRoundTrip(state.profile)

    // The "is prime" alert has no actions, so nothing can be decoded as one.
    XCTAssertThrowsError(
      try JSONDecoder().decode(
        SharedState.Counter.Action.Alert.self, from: Data(#"{"anything":{}}"#.utf8)))
  }

  func testAppFeature() throws {
    try assertRoundTrip(AppFeature.State())
    try assertRoundTrip(AppFeature.State(destination: .counter(Counter.State(count: 1))))
    try assertRoundTrip(
      AppFeature.State(
        destination: .contacts(
          ContactsFeature.State(contacts: [Contact(id: UUID(0), name: "Blob")]))))
    try assertRoundTrip(AppFeature.State(destination: .sharedState(SharedState.State())))
    try assertRoundTrip(AppFeature.Action.navigationButtonTapped)
    try assertRoundTrip(
      AppFeature.Action.destination(
        .presented(.navigation(.path(.element(id: 0, action: .screenA(.dismissButtonTapped)))))))
    try assertRoundTrip(
      AppFeature.Action.destination(
        .presented(.contacts(.destination(.presented(.addContact(.setName("Blob"))))))))
  }

  func testEveryRegisteredFeaturesInitialStateEncodes() throws {
    func check<F: LaunchableFeature>(_: F.Type) throws {
      try assertRoundTrip(F.initialState)
    }
    for entry in FeatureRegistry.all {
      try check(entry.feature)
    }
  }

  private func assertRoundTrip<T: Codable & Equatable>(
    _ value: T, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(T.self, from: data)
    XCTAssertEqual(
      decoded, value, "\(T.self) from \(String(decoding: data, as: UTF8.self))", file: file,
      line: line)
  }
}
