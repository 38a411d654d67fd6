import Foundation
import MyFeatures
import NavKit

/// The team's host: `myapp-nav test specs/`, `myapp-nav explore notes`, `myapp-nav serve`,
/// `myapp-nav send …`.
@main
struct MyAppNav: NavHost {
  static let features: [NavFeature] = [
    NavFeature(
      "notes", summary: "Notes: an editor sheet, a detail stack, a delete alert.",
      initialState: NotesFeature.State(),
      view: NotesView.init(store:)
    ) { NotesFeature() },
    NavFeature(
      "editor", summary: "The note editor on its own.",
      initialState: NoteEditorFeature.State(note: Note(id: UUID(0), title: "")),
      view: NoteEditorView.init(store:)
    ) {
      NoteEditorFeature()
    },
  ]
}
