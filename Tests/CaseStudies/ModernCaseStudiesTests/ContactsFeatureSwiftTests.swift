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

/// Seed 003's delete flow and save flow in plain `@Test`s: no trait, failures still fail them.
@Suite struct ContactsFeatureSwiftTests {
  @Test func deleteAsksThenDeletes() async {
    let store = TestStore(
      initialState: ContactsFeature.State(contacts: [Contact(id: UUID(7), name: "Blob")])
    ) {
      ContactsFeature()
    }
    await store.send(\.deleteButtonTapped, UUID(7)) {
      $0.destination = .alert(
        AlertState {
          TextState("Are you sure?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion(id: UUID(7))) {
            TextState("Delete")
          }
        }
      )
    }
    await store.send(\.destination.alert, .confirmDeletion(id: UUID(7))) {
      $0.contacts = []
      $0.destination = nil
    }
  }

  @Test func saveDelegatesThenDismisses() async {
    let store = TestStore(initialState: ContactsFeature.State()) {
      ContactsFeature()
    }
    store.exhaustivity = .off
    await store.send(\.addButtonTapped)
    await store.send(\.destination.addContact.setName, "Blob Jr.")
    await store.send(\.destination.addContact.saveButtonTapped)
    await store.receive(\.destination.addContact.delegate)
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
    #expect(store.state.contacts.map(\.name) == ["Blob Jr."])
  }
}
