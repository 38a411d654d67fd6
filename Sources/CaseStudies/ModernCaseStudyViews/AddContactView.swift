// The add-contact form of TCA's tutorial, which seeds 001 and 003 present: a name field bound
// with `sending`, "Save", and "Cancel" in the toolbar.

import ComposableArchitecture
import HeadlessUI
@testable import ModernCaseStudies

struct AddContactView: View {
  @Bindable var store: StoreOf<AddContactFeature>

  var body: some View {
    Form {
      TextField("Name", text: $store.contact.name.sending(\.setName))
      Button("Save") {
        store.send(.saveButtonTapped)
      }
    }
    .toolbar {
      ToolbarItem {
        Button("Cancel") {
          store.send(.cancelButtonTapped)
        }
      }
    }
  }
}
