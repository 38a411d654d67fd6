// The notes list's screen: a row per note, a trash button beside each, a plus that opens the
// editor sheet, and the delete alert. Written as for SwiftUI; only the import differs.

import ComposableArchitecture
import HeadlessUI

/// The list of notes, with the detail stack over it, the editor sheet and the delete alert.
public struct NotesView: View {
  /// The list's store.
  @Bindable public var store: StoreOf<NotesFeature>

  /// A screen for `store`.
  public init(store: StoreOf<NotesFeature>) { self.store = store }

  /// What the screen shows.
  public var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      List {
        if store.notes.isEmpty {
          Text("No notes yet")
        }
        ForEach(store.notes) { note in
          HStack {
            Button(note.title.isEmpty ? "Untitled" : note.title) {
              store.send(.noteTapped(id: note.id))
            }
            Spacer()
            Button {
              store.send(.deleteButtonTapped(id: note.id))
            } label: {
              Image(systemName: "trash")
            }
            .buttonStyle(.borderless)
          }
        }
      }
      .navigationTitle("Notes")
      .toolbar {
        ToolbarItem {
          Button {
            store.send(.addButtonTapped)
          } label: {
            Image(systemName: "plus")
          }
        }
      }
    } destination: { store in
      switch store.case {
      case .detail(let detailStore):
        NoteDetailView(store: detailStore)
      }
    }
    .sheet(item: $store.scope(state: \.destination?.editor, action: \.destination.editor)) {
      editorStore in
      NavigationStack {
        NoteEditorView(store: editorStore)
      }
    }
    .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
  }
}
