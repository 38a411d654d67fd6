// A note's screen on the stack: its text, and the focus timer with its start and stop buttons.

import ComposableArchitecture
import HeadlessUI

/// One note, pushed on the list's stack, with its focus timer.
public struct NoteDetailView: View {
  /// The note's store.
  public let store: StoreOf<NoteDetailFeature>

  /// A screen for `store`.
  public init(store: StoreOf<NoteDetailFeature>) { self.store = store }

  /// What the screen shows.
  public var body: some View {
    Form {
      Section {
        Text(store.note.body.isEmpty ? "Nothing written yet." : store.note.body)
      }
      Section("Focus") {
        Text("\(store.focusedSeconds) s focused")
        if store.isFocusing {
          Button("Stop") { store.send(.stopButtonTapped) }
        } else {
          Button("Focus") { store.send(.focusButtonTapped) }
        }
      }
    }
    .navigationTitle(store.note.title.isEmpty ? "Untitled" : store.note.title)
  }
}
