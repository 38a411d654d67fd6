// The editor sheet's screen: a title field, Cancel and Save.

import ComposableArchitecture
import HeadlessUI

/// The sheet that writes a new note.
public struct NoteEditorView: View {
  /// The editor's store.
  @Bindable public var store: StoreOf<NoteEditorFeature>

  /// A screen for `store`.
  public init(store: StoreOf<NoteEditorFeature>) { self.store = store }

  /// What the screen shows.
  public var body: some View {
    Form {
      TextField("Title", text: $store.note.title.sending(\.setTitle))
    }
    .navigationTitle("New note")
    .toolbar {
      ToolbarItem(placement: .cancellationAction) {
        Button("Cancel") { store.send(.cancelButtonTapped) }
      }
      ToolbarItem(placement: .confirmationAction) {
        Button("Save") { store.send(.saveButtonTapped) }
          .disabled(store.note.title.isEmpty)
      }
    }
  }
}
