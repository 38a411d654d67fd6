@testable import CaseStudies
import ComposableTesting
import Foundation
import XCTest

final class ContactsTests: ComposableTestCase {
  /// Sends `addButtonTapped` and returns the new contact's id: the seed makes it with `UUID()`,
  /// not the `uuid` dependency, so the test reads the id the reducer chose.
  private func openSheet(
    _ store: TestStoreOf<ContactsFeature>, file: StaticString = #filePath, line: UInt = #line
  ) async -> UUID {
    await store.send(
      .addButtonTapped, assert: { $0.destination = store.state.destination }, file: file, line: line
    )
    guard case let .addContact(sheet) = store.state.destination else {
      XCTFail("expected the add-contact sheet", file: file, line: line)
      return UUID()
    }
    XCTAssertEqual(sheet.contact.name, "", file: file, line: line)
    return sheet.contact.id
  }

  // MARK: - Adding

  func testAddContactSaveDelegatesDismissesAndListsTheContact() async {
    let store = TestStore(initialState: ContactsFeature.State()) {
      ContactsFeature()
    }

    let id = await openSheet(store)
    await store.send(.destination(.presented(.addContact(.setName("Blob"))))) {
      $0.destination = .addContact(
        AddContactFeature.State(contact: Contact(id: id, name: "Blob")))
    }
    await store.send(.destination(.presented(.addContact(.saveButtonTapped))))
    await store.receive(
      .destination(
        .presented(.addContact(.delegate(.saveContact(Contact(id: id, name: "Blob"))))))
    ) {
      $0.contacts = [Contact(id: id, name: "Blob")]
    }
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  func testTwoContactsGetTheirOwnIDs() async {
    let store = TestStore(initialState: ContactsFeature.State()) {
      ContactsFeature()
    }

    for name in ["Blob", "Blob Jr."] {
      let id = await openSheet(store)
      await store.send(.destination(.presented(.addContact(.setName(name))))) {
        $0.destination = .addContact(
          AddContactFeature.State(contact: Contact(id: id, name: name)))
      }
      await store.send(.destination(.presented(.addContact(.saveButtonTapped))))
      await store.receive(
        .destination(
          .presented(.addContact(.delegate(.saveContact(Contact(id: id, name: name))))))
      ) {
        $0.contacts.append(Contact(id: id, name: name))
      }
      await store.receive(.destination(.dismiss)) {
        $0.destination = nil
      }
    }
    XCTAssertEqual(store.state.contacts.map(\.name), ["Blob", "Blob Jr."])
    await store.finish()
  }

  func testCancelDismissesTheSheetAndAddsNothing() async {
    let store = TestStore(initialState: ContactsFeature.State()) {
      ContactsFeature()
    }

    let id = await openSheet(store)
    await store.send(.destination(.presented(.addContact(.setName("Blob"))))) {
      $0.destination = .addContact(
        AddContactFeature.State(contact: Contact(id: id, name: "Blob")))
    }
    await store.send(.destination(.presented(.addContact(.cancelButtonTapped))))
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    XCTAssertEqual(store.state.contacts, [])
    await store.finish()
  }

  func testSwipingTheSheetAwayDismissesItAndAddsNothing() async {
    let store = TestStore(initialState: ContactsFeature.State()) {
      ContactsFeature()
    }

    _ = await openSheet(store)
    // What the system sends when the user swipes the sheet down.
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  // MARK: - Deleting

  func testDeleteAsksForConfirmationThenRemovesTheContact() async {
    let store = TestStore(
      initialState: ContactsFeature.State(
        contacts: [
          Contact(id: UUID(0), name: "Blob"),
          Contact(id: UUID(1), name: "Blob Jr."),
        ])
    ) {
      ContactsFeature()
    }

    await store.send(.deleteButtonTapped(id: UUID(1))) {
      $0.destination = .alert(.deleteConfirmation(id: UUID(1)))
    }
    // The alert's button removes the contact, and the alert goes away by itself.
    await store.send(.destination(.presented(.alert(.confirmDeletion(id: UUID(1)))))) {
      $0.contacts.remove(id: UUID(1))
      $0.destination = nil
    }
    XCTAssertEqual(store.state.contacts, [Contact(id: UUID(0), name: "Blob")])
    await store.finish()
  }

  func testDeleteAlertShowsItsTitleAndDestructiveButton() async {
    let store = TestStore(
      initialState: ContactsFeature.State(contacts: [Contact(id: UUID(0), name: "Blob")])
    ) {
      ContactsFeature()
    }

    await store.send(.deleteButtonTapped(id: UUID(0))) {
      $0.destination = .alert(.deleteConfirmation(id: UUID(0)))
    }
    guard case let .alert(alert) = store.state.destination else {
      return XCTFail("No alert: \(String(describing: store.state.destination))")
    }
    XCTAssertEqual(alert.title, TextState("Are you sure?"))
    XCTAssertNil(alert.message)
    XCTAssertEqual(alert.buttons.count, 1)
    XCTAssertEqual(alert.buttons.first?.role, .destructive)
    XCTAssertEqual(alert.buttons.first?.label, TextState("Delete"))
    XCTAssertEqual(alert.buttons.first?.action, .confirmDeletion(id: UUID(0)))
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  func testCancellingTheDeleteAlertKeepsTheContact() async {
    let store = TestStore(
      initialState: ContactsFeature.State(contacts: [Contact(id: UUID(0), name: "Blob")])
    ) {
      ContactsFeature()
    }

    await store.send(.deleteButtonTapped(id: UUID(0))) {
      $0.destination = .alert(.deleteConfirmation(id: UUID(0)))
    }
    // The system's cancel button only dismisses.
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    XCTAssertEqual(store.state.contacts, [Contact(id: UUID(0), name: "Blob")])
    await store.finish()
  }

  // MARK: - One destination

  func testDeleteAlertReplacesTheAddContactSheet() async {
    let store = TestStore(
      initialState: ContactsFeature.State(contacts: [Contact(id: UUID(7), name: "Blob")])
    ) {
      ContactsFeature()
    }

    _ = await openSheet(store)
    // One optional destination: presenting the alert ends the sheet, and with it everything the
    // sheet started, so it can never dismiss the alert that replaced it.
    await store.send(.deleteButtonTapped(id: UUID(7))) {
      $0.destination = .alert(.deleteConfirmation(id: UUID(7)))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(id: UUID(7)))))) {
      $0.contacts = []
      $0.destination = nil
    }
    await store.finish()
  }

  // MARK: - Runtime warnings

  func testActionForTheSheetWhenNothingIsPresentedIsARuntimeWarning() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: ContactsFeature.State(),
      reducer: { ContactsFeature() },
      reporter: log.reporter
    )

    await store.send(.destination(.presented(.addContact(.setName("Blob")))))
    await store.finish()
    XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
    XCTAssertTrue(
      log.messages.first?.contains("received a presentation action when destination state was")
        == true,
      "\(log.messages)")
  }
}

extension AlertState where Action == ContactsFeature.Action.Alert {
  /// The alert the seed's `ContactsFeature` shows before deleting the contact with `id`.
  fileprivate static func deleteConfirmation(id: UUID) -> Self {
    AlertState {
      TextState("Are you sure?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(id: id)) {
        TextState("Delete")
      }
    }
  }
}
