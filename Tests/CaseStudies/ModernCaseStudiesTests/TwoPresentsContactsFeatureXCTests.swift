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

/// Seed 001's flows (two `@Presents` optionals) in a plain `XCTestCase`, as TCA users write them:
/// add, name, save, delegate, dismissed; cancel, exhaustive; delete, alert, confirm.
final class TwoPresentsContactsFeatureXCTests: XCTestCase {
  func testAddNameSaveIsDelegatedAndDismissed() async {
    let store = TestStore(initialState: TwoPresents.ContactsFeature.State()) {
      TwoPresents.ContactsFeature()
    }
    await store.send(\.addButtonTapped) {
      $0.addContact = AddContactFeature.State(
        contact: Contact(id: store.state.addContact?.contact.id ?? UUID(), name: ""))
    }
    let id = store.state.addContact?.contact.id ?? UUID()
    await store.send(\.addContact.setName, "Blob Jr.") {
      $0.addContact?.contact.name = "Blob Jr."
    }
    await store.send(\.addContact.saveButtonTapped)
    await store.receive(\.addContact.delegate, .saveContact(Contact(id: id, name: "Blob Jr."))) {
      $0.contacts = [Contact(id: id, name: "Blob Jr.")]
    }
    await store.receive(\.addContact.dismiss) {
      $0.addContact = nil
    }
  }

  func testCancelDismissesAndAddsNothing() async {
    let store = TestStore(initialState: TwoPresents.ContactsFeature.State()) {
      TwoPresents.ContactsFeature()
    }
    await store.send(\.addButtonTapped) {
      $0.addContact = AddContactFeature.State(
        contact: Contact(id: store.state.addContact?.contact.id ?? UUID(), name: ""))
    }
    await store.send(\.addContact.cancelButtonTapped)
    await store.receive(\.addContact.dismiss) {
      $0.addContact = nil
    }
    XCTAssertEqual(store.state.contacts, [])
  }

  func testDeleteAsksThenDeletesOnConfirm() async {
    let store = TestStore(
      initialState: TwoPresents.ContactsFeature.State(
        contacts: [Contact(id: UUID(1), name: "Blob"), Contact(id: UUID(2), name: "Blob Jr.")])
    ) {
      TwoPresents.ContactsFeature()
    }
    await store.send(\.deleteButtonTapped, UUID(2)) {
      $0.alert = AlertState {
        TextState("Are you sure?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion(id: UUID(2))) {
          TextState("Delete")
        }
      }
    }
    await store.send(\.alert.presented, .confirmDeletion(id: UUID(2))) {
      $0.contacts = [Contact(id: UUID(1), name: "Blob")]
      $0.alert = nil
    }
  }
}
