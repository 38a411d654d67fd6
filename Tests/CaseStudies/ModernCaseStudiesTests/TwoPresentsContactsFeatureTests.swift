import ComposableArchitecture
import Foundation
import Testing

// In the client packages the seeds are their own target, ModernSeeds: a target name navd's
// ModernCaseStudies would clash with in one package graph.
#if canImport(ModernSeeds)
  @testable import ModernSeeds
#else
  @testable import ModernCaseStudies
#endif

/// Seed 001's flows (two `@Presents` optionals) in plain `@Test`s: add, save, delegate, dismiss;
/// cancel; delete, alert, confirm.
@Suite struct TwoPresentsContactsFeatureTests {
  @Test func addThenSave() async {
    let store = TestStore(initialState: TwoPresents.ContactsFeature.State()) {
      TwoPresents.ContactsFeature()
    }
    await store.send(\.addButtonTapped) {
      $0.addContact = AddContactFeature.State(
        contact: Contact(id: store.state.addContact?.contact.id ?? UUID(), name: ""))
    }
    let id = store.state.addContact?.contact.id ?? UUID()
    await store.send(\.addContact.setName, "Blob") {
      $0.addContact?.contact.name = "Blob"
    }
    await store.send(\.addContact.saveButtonTapped)
    await store.receive(\.addContact.delegate, .saveContact(Contact(id: id, name: "Blob"))) {
      $0.contacts = [Contact(id: id, name: "Blob")]
    }
    await store.receive(\.addContact.dismiss) {
      $0.addContact = nil
    }
  }

  @Test func cancel() async {
    let store = TestStore(initialState: TwoPresents.ContactsFeature.State()) {
      TwoPresents.ContactsFeature()
    }
    store.exhaustivity = .off
    await store.send(\.addButtonTapped)
    await store.send(\.addContact.cancelButtonTapped)
    await store.receive(\.addContact.dismiss) {
      $0.addContact = nil
    }
    #expect(store.state.contacts.isEmpty)
  }

  @Test func deleteAsksThenDeletes() async {
    let store = TestStore(
      initialState: TwoPresents.ContactsFeature.State(
        contacts: [Contact(id: UUID(1), name: "Blob")])
    ) {
      TwoPresents.ContactsFeature()
    }
    await store.send(\.deleteButtonTapped, UUID(1)) {
      $0.alert = AlertState {
        TextState("Are you sure?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion(id: UUID(1))) {
          TextState("Delete")
        }
      }
    }
    // `Alert` is not `@CasePathable` in the seed: the path stops at `presented`.
    await store.send(\.alert.presented, .confirmDeletion(id: UUID(1))) {
      $0.contacts = []
      $0.alert = nil
    }
  }
}
