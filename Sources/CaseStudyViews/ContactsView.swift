// The seeds' `ContactsView` and `AddContactView` (Tutorial "Multiple presentation
// destinations"), headless: a list with an add button, a sheet to add, an alert to delete.

@testable import CaseStudies
import Composable
import HeadlessUI

/// The contacts list: a row per contact with a delete button, "plus" in the toolbar.
public struct ContactsView: View {
  let store: StoreOf<ContactsFeature>

  /// The view of `store`.
  public init(store: StoreOf<ContactsFeature>) { self.store = store }

  /// The list, the add-contact sheet and the deletion alert.
  public var body: some View {
    NavigationStack {
      WithViewStore(self.store, observe: \.contacts) { viewStore in
        List {
          ForEach(viewStore.state) { contact in
            HStack {
              Text(contact.name)
              Spacer()
              Button {
                viewStore.send(.deleteButtonTapped(id: contact.id))
              } label: {
                Image(systemName: "trash")
              }
            }
          }
        }
        .navigationTitle("Contacts")
        .toolbar {
          Button {
            viewStore.send(.addButtonTapped)
          } label: {
            Image(systemName: "plus")
          }
        }
      }
    }
    .sheet(
      store: self.store.scope(state: \.$destination, action: { .destination($0) }),
      state: /ContactsFeature.Destination.State.addContact,
      action: ContactsFeature.Destination.Action.addContact
    ) { addContactStore in
      NavigationStack {
        AddContactView(store: addContactStore)
      }
    }
    .alert(
      store: self.store.scope(state: \.$destination, action: { .destination($0) }),
      state: /ContactsFeature.Destination.State.alert,
      action: ContactsFeature.Destination.Action.alert
    )
  }
}

/// The add-contact form: a name field, "Save", and "Cancel" in the toolbar.
struct AddContactView: View {
  let store: StoreOf<AddContactFeature>

  var body: some View {
    WithViewStore(self.store, observe: { $0 }) { viewStore in
      Form {
        TextField("Name", text: viewStore.binding(get: \.contact.name, send: { .setName($0) }))
        Button("Save") {
          viewStore.send(.saveButtonTapped)
        }
      }
      .toolbar {
        Button("Cancel") {
          viewStore.send(.cancelButtonTapped)
        }
      }
    }
  }
}
