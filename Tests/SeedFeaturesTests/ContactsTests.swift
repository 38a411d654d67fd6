import ComposableTesting
import XCTest

final class ContactsTests: ComposableTestCase {
  func testAddSaveDismissesAndListsTheContact() async throws {
    let store = TestStore(initialState: ContactsFeature.State()) {
      ContactsFeature()
    }

    // The seed makes the id with `UUID()`, not the `uuid` dependency: read it from the state.
    await store.send(.addButtonTapped) {
      $0.destination = store.state.destination
    }
    guard case let .addContact(addContact) = store.state.destination else {
      return XCTFail(
        "Expected the add-contact sheet, got \(String(describing: store.state.destination))")
    }
    let id = addContact.contact.id
    XCTAssertEqual(addContact, AddContactFeature.State(contact: Contact(id: id, name: "")))

    await store.send(.destination(.presented(.addContact(.setName("Blob"))))) {
      $0.destination = .addContact(AddContactFeature.State(contact: Contact(id: id, name: "Blob")))
    }
    await store.send(.destination(.presented(.addContact(.saveButtonTapped))))
    await store.receive(
      .destination(.presented(.addContact(.delegate(.saveContact(Contact(id: id, name: "Blob"))))))
    ) {
      $0.contacts = [Contact(id: id, name: "Blob")]
    }
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  func testDeleteAsksThenRemovesTheContact() async {
    let contact = Contact(id: UUID(), name: "Blob")
    let store = TestStore(initialState: ContactsFeature.State(contacts: [contact])) {
      ContactsFeature()
    }

    await store.send(.deleteButtonTapped(id: contact.id)) {
      $0.destination = .alert(
        AlertState {
          TextState("Are you sure?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion(id: contact.id)) {
            TextState("Delete")
          }
        }
      )
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(id: contact.id))))) {
      $0.contacts = []
      $0.destination = nil
    }
    await store.finish()
  }
}
