import ComposableArchitecture
import Foundation
import XCTest

// In the client packages the seeds are their own target, ModernSeeds: a target name navd's
// ModernCaseStudies would clash with in one package graph.
#if canImport(ModernSeeds)
  @testable import ModernSeeds
#else
  @testable import ModernCaseStudies
#endif

// Seed 003's flows in TCA 1.7+ style, in a plain XCTestCase: case key paths to send and
// receive, exhaustive and not. The seed makes a contact's id with `UUID()`, not the `uuid`
// dependency, so the tests read the id the reducer chose.
final class ContactsFeatureTests: XCTestCase {
  /// TCA's projected presentation reaches into an enum destination: `\.$destination.addContact`
  /// is a presentation of one case, and `[case:]` changes that case in place.
  func testThePresentationReachesIntoTheDestinationsCases() {
    var state = ContactsFeature.State()
    XCTAssertNil(state.$destination.addContact.wrappedValue)
    state.destination = .addContact(
      AddContactFeature.State(contact: Contact(id: UUID(0), name: "")))
    let addContact: KeyPath<ContactsFeature.State, PresentationState<AddContactFeature.State>> =
      \.$destination.addContact
    XCTAssertEqual(state[keyPath: addContact].wrappedValue?.contact.id, UUID(0))
    XCTAssertNil(state.$destination.alert.wrappedValue, "another case is a presentation of nothing")
    XCTAssertEqual(state.$destination.addContact.contact.wrappedValue?.name, "")
    state.$destination[case: \.addContact]?.contact.name = "Blob"
    XCTAssertEqual(state.destination?.addContact?.contact.name, "Blob")
  }

  func testAddFlow() async {
    let store = TestStore(initialState: ContactsFeature.State()) {
      ContactsFeature()
    }
    await store.send(\.addButtonTapped) {
      $0.destination = .addContact(
        AddContactFeature.State(
          contact: Contact(id: store.state.destination?.addContact?.contact.id ?? UUID(), name: "")
        )
      )
    }
    let id = store.state.destination?.addContact?.contact.id ?? UUID()
    await store.send(\.destination.addContact.setName, "Blob Jr.") {
      $0.destination?.addContact?.contact.name = "Blob Jr."
    }
    await store.send(\.destination.addContact.saveButtonTapped)
    // The seed's `Delegate` is not `@CasePathable` (TCA's tutorial marks it), so the receive
    // names the delegate case and compares its value.
    await store.receive(
      \.destination.addContact.delegate,
      .saveContact(Contact(id: id, name: "Blob Jr."))
    ) {
      $0.contacts = [
        Contact(id: id, name: "Blob Jr.")
      ]
    }
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  func testAddFlowNonExhaustive() async {
    let store = TestStore(initialState: ContactsFeature.State()) {
      ContactsFeature()
    }
    store.exhaustivity = .off
    await store.send(\.addButtonTapped)
    await store.send(\.destination.addContact.setName, "Blob Jr.")
    await store.send(\.destination.addContact.saveButtonTapped)
    await store.skipReceivedActions()
    XCTAssertEqual(store.state.contacts.map(\.name), ["Blob Jr."])
    XCTAssertNil(store.state.destination)
  }

  func testCancelDismissesWithoutSaving() async {
    let store = TestStore(initialState: ContactsFeature.State()) {
      ContactsFeature()
    }
    store.exhaustivity = .off
    await store.send(\.addButtonTapped)
    await store.send(\.destination.addContact.cancelButtonTapped)
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
    XCTAssertEqual(store.state.contacts, [])
  }

  func testDeleteContact() async {
    let store = TestStore(
      initialState: ContactsFeature.State(
        contacts: [
          Contact(id: UUID(0), name: "Blob"),
          Contact(id: UUID(1), name: "Blob Jr."),
        ]
      )
    ) {
      ContactsFeature()
    }
    await store.send(\.deleteButtonTapped, UUID(1)) {
      $0.destination = .alert(
        AlertState {
          TextState("Are you sure?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion(id: UUID(1))) {
            TextState("Delete")
          }
        }
      )
    }
    // `Alert` is not `@CasePathable` in the seed: the path stops at the alert and the value
    // names the button.
    await store.send(\.destination.alert, .confirmDeletion(id: UUID(1))) {
      $0.contacts.remove(id: UUID(1))
      $0.destination = nil
    }
  }
}
