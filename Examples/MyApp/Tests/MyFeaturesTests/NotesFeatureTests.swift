import ComposableArchitecture
import Foundation
import MyFeatures
import XCTest

/// The same feature tested in Swift, as TCA apps do: a wrong expectation fails the test.
final class NotesFeatureTests: XCTestCase {
  func testAddingANote() async {
    let store = TestStore(initialState: NotesFeature.State()) {
      NotesFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addButtonTapped) {
      $0.destination = .editor(NoteEditorFeature.State(note: Note(id: UUID(0), title: "")))
    }
    await store.send(\.destination.editor.setTitle, "Plan") {
      $0.destination?.editor?.note.title = "Plan"
    }
    await store.send(\.destination.editor.saveButtonTapped)
    await store.receive(\.destination.editor.delegate, .save(Note(id: UUID(0), title: "Plan"))) {
      $0.notes = [Note(id: UUID(0), title: "Plan")]
    }
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }
}
