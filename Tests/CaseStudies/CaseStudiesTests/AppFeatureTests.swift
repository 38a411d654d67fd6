@testable import CaseStudies
import ComposableTesting
import XCTest

final class AppFeatureTests: ComposableTestCase {
  func testEachButtonOpensItsCaseStudy() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    }

    await store.send(.counterButtonTapped) {
      $0.destination = .counter(Counter.State())
    }
    await store.send(.multipleDestinationsButtonTapped) {
      $0.destination = .multipleDestinations(MultipleDestinations.State())
    }
    await store.send(.navigationButtonTapped) {
      $0.destination = .navigation(NavigationDemo.State())
    }
    await store.send(.contactsButtonTapped) {
      $0.destination = .contacts(ContactsFeature.State())
    }
    await store.send(.sharedStateButtonTapped) {
      $0.destination = .sharedState(SharedState.State())
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  func testOneSessionReachesEveryCaseStudy() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.factClient.fetch = { "\($0) is a good number." }
    }

    // Counter.
    await store.send(.counterButtonTapped) {
      $0.destination = .counter(Counter.State())
    }
    await store.send(.destination(.presented(.counter(.incrementButtonTapped)))) {
      $0.destination = .counter(Counter.State(count: 1))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }

    // Multiple destinations: a sheet presented inside the presented case study.
    await store.send(.multipleDestinationsButtonTapped) {
      $0.destination = .multipleDestinations(MultipleDestinations.State())
    }
    await store.send(.destination(.presented(.multipleDestinations(.showSheet)))) {
      $0.destination = .multipleDestinations(
        MultipleDestinations.State(destination: .sheet(Counter.State())))
    }
    await store.send(
      .destination(
        .presented(
          .multipleDestinations(.destination(.presented(.sheet(.incrementButtonTapped))))))
    ) {
      $0.destination = .multipleDestinations(
        MultipleDestinations.State(destination: .sheet(Counter.State(count: 1))))
    }

    // Navigation: replacing the open case study.
    await store.send(.navigationButtonTapped) {
      $0.destination = .navigation(NavigationDemo.State())
    }
    await store.send(.destination(.presented(.navigation(.goToABCButtonTapped)))) {
      $0.destination = .navigation(
        NavigationDemo.State(path: .abc(ids: 0, 1, 2)))
    }
    await store.send(
      .destination(
        .presented(.navigation(.path(.element(id: 0, action: .screenA(.dismissButtonTapped))))))
    )
    await store.receive({
      if case .destination(.presented(.navigation(.path(.popFrom(id: 0))))) = $0 {
        true
      } else {
        false
      }
    }) {
      $0.destination = .navigation(NavigationDemo.State())
    }

    // Contacts.
    await store.send(.contactsButtonTapped) {
      $0.destination = .contacts(ContactsFeature.State())
    }
    // The seed makes the contact's id with UUID(), not the uuid dependency: read it.
    await store.send(.destination(.presented(.contacts(.addButtonTapped)))) {
      $0.destination = store.state.destination
    }
    guard case .contacts(let contacts) = store.state.destination,
      case .addContact(let sheet) = contacts.destination
    else { return XCTFail("expected the add-contact sheet") }
    let id = sheet.contact.id
    XCTAssertEqual(sheet.contact.name, "")
    await store.send(
      .destination(
        .presented(.contacts(.destination(.presented(.addContact(.setName("Blob")))))))
    ) {
      $0.destination = .contacts(
        ContactsFeature.State(
          destination: .addContact(
            AddContactFeature.State(contact: Contact(id: id, name: "Blob")))))
    }
    await store.send(
      .destination(.presented(.contacts(.destination(.presented(.addContact(.saveButtonTapped)))))))
    await store.receive({
      if case .destination(
        .presented(
          .contacts(
            .destination(
              .presented(
                .addContact(.delegate(.saveContact(Contact(id: id, name: "Blob"))))))))) = $0
      {
        true
      } else {
        false
      }
    }) {
      $0.destination = .contacts(
        ContactsFeature.State(
          contacts: [Contact(id: id, name: "Blob")],
          destination: .addContact(
            AddContactFeature.State(contact: Contact(id: id, name: "Blob")))))
    }
    // The sheet's dismiss closes the sheet only, not the case study around it.
    await store.receive({
      if case .destination(.presented(.contacts(.destination(.dismiss)))) = $0 {
        true
      } else {
        false
      }
    }) {
      $0.destination = .contacts(
        ContactsFeature.State(contacts: [Contact(id: id, name: "Blob")]))
    }

    // Shared state.
    await store.send(.sharedStateButtonTapped) {
      $0.destination = .sharedState(SharedState.State())
    }
    await store.send(.destination(.presented(.sharedState(.counter(.incrementButtonTapped))))) {
      $0.destination = .sharedState(
        SharedState.State(
          counter: SharedState.Counter.State(count: 1, maxCount: 1, numberOfCounts: 1)))
    }
    await store.send(.destination(.presented(.sharedState(.profile(.resetCounterButtonTapped))))) {
      $0.destination = .sharedState(SharedState.State())
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  func testOpeningAnotherCaseStudyCancelsTheOpenOnesTimer() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    }

    await store.send(.navigationButtonTapped) {
      $0.destination = .navigation(NavigationDemo.State())
    }
    await store.send(.destination(.presented(.navigation(.goToABCButtonTapped)))) {
      $0.destination = .navigation(NavigationDemo.State(path: .abc(ids: 0, 1, 2)))
    }
    await store.send(
      .destination(
        .presented(.navigation(.path(.element(id: 2, action: .screenC(.startButtonTapped))))))
    ) {
      $0.destination = .navigation(
        NavigationDemo.State(path: .abc(ids: 0, 1, 2, c: ScreenC.State(isTimerRunning: true))))
    }
    await store.advance(by: .seconds(1))
    await store.receive({
      if case .destination(
        .presented(.navigation(.path(.element(id: 2, action: .screenC(.timerTick)))))) = $0
      {
        true
      } else {
        false
      }
    }) {
      $0.destination = .navigation(
        NavigationDemo.State(
          path: .abc(ids: 0, 1, 2, c: ScreenC.State(count: 1, isTimerRunning: true))))
    }
    // The parent replaces the presented case study: everything it started is torn down.
    await store.send(.contactsButtonTapped) {
      $0.destination = .contacts(ContactsFeature.State())
    }
    XCTAssertEqual(store.clock.sleeperCount, 0, "the timer still sleeps on the clock")
    await store.advance(by: .seconds(5))
    XCTAssertTrue(store.receivedActions.isEmpty, "\(store.receivedActions.map(\.action))")
    await store.finish()
  }

  func testOpeningAnotherCaseStudyCancelsAFactInFlight() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.factClient.fetch = { number in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: .seconds(1))
        return "\(number) is a slow number."
      }
    }

    await store.send(.navigationButtonTapped) {
      $0.destination = .navigation(NavigationDemo.State())
    }
    await store.send(
      .destination(.presented(.navigation(.path(.push(id: 0, state: .screenA())))))
    ) {
      $0.destination = .navigation(.withScreen(id: 0, .screenA()))
    }
    await store.send(
      .destination(
        .presented(.navigation(.path(.element(id: 0, action: .screenA(.factButtonTapped))))))
    ) {
      $0.destination = .navigation(.withScreen(id: 0, .screenA(ScreenA.State(isLoading: true))))
    }
    await store.send(.counterButtonTapped) {
      $0.destination = .counter(Counter.State())
    }
    await store.advance(by: .seconds(1))
    XCTAssertTrue(store.receivedActions.isEmpty, "\(store.receivedActions.map(\.action))")
    await store.finish()
  }

  func testDismissingTheCaseStudyCancelsItsEffects() async {
    let store = TestStore(
      initialState: AppFeature.State(
        destination: .navigation(NavigationDemo.State(path: StackState([.screenC()]))))
    ) {
      AppFeature()
    }

    await store.send(
      .destination(
        .presented(.navigation(.path(.element(id: 0, action: .screenC(.startButtonTapped))))))
    ) {
      $0.destination = .navigation(
        .withScreen(id: 0, .screenC(ScreenC.State(isTimerRunning: true))))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.advance(by: .seconds(3))
    XCTAssertTrue(store.receivedActions.isEmpty, "\(store.receivedActions.map(\.action))")
    await store.finish()
  }
}

extension StackState where Element == NavigationDemo.Path.State {
  /// The stack `goToABCButtonTapped` pushes, with the ids it gets.
  fileprivate static func abc(
    ids idA: StackElementID, _ idB: StackElementID, _ idC: StackElementID,
    c screenC: ScreenC.State = ScreenC.State()
  ) -> Self {
    var stack = Self()
    stack[id: idA] = .screenA()
    stack[id: idB] = .screenB()
    stack[id: idC] = .screenC(screenC)
    return stack
  }
}

extension NavigationDemo.State {
  /// A stack of one screen with `id`.
  fileprivate static func withScreen(id: StackElementID, _ screen: NavigationDemo.Path.State)
    -> Self
  {
    var path = StackState<NavigationDemo.Path.State>()
    path[id: id] = screen
    return Self(path: path)
  }
}
