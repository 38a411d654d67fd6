// Seed 001's ContactsView, with the delete button and alert of seed 003's first section: two
// `@Presents` optionals, one for the sheet and one for the alert.

import ComposableArchitecture
import HeadlessUI
@testable import ModernCaseStudies

extension TwoPresents {
  struct ContactsView: View {
    @Bindable var store: StoreOf<ContactsFeature>

    var body: some View {
      NavigationStack {
        List {
          ForEach(store.contacts) { contact in
            HStack {
              Text(contact.name)
              Spacer()
              Button {
                store.send(.deleteButtonTapped(id: contact.id))
              } label: {
                Image(systemName: "trash")
                  .foregroundColor(.red)
              }
            }
          }
        }
        .navigationTitle("Contacts")
        .toolbar {
          ToolbarItem {
            Button {
              store.send(.addButtonTapped)
            } label: {
              Image(systemName: "plus")
            }
          }
        }
      }
      .sheet(
        item: $store.scope(state: \.addContact, action: \.addContact)
      ) { addContactStore in
        NavigationStack {
          AddContactView(store: addContactStore)
        }
      }
      .alert($store.scope(state: \.alert, action: \.alert))
    }
  }
}
