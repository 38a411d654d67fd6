import ComposableArchitecture
import Foundation

/// A list of notes: an editor sheet to add one, a detail screen pushed on a stack to read one
/// (with a focus timer), and an alert that confirms a delete.
@Reducer
public struct NotesFeature {
  /// The notes, the stack, and what is presented.
  @ObservableState
  public struct State: Equatable {
    /// The notes, in order.
    public var notes: IdentifiedArrayOf<Note> = []
    /// The detail screens pushed.
    public var path = StackState<Path.State>()
    /// The editor sheet or the delete alert, when one is presented.
    @Presents public var destination: Destination.State?

    /// Starts with `notes`, nothing pushed or presented.
    public init(notes: IdentifiedArrayOf<Note> = []) {
      self.notes = notes
    }
  }

  /// What the list does.
  public enum Action {
    case addButtonTapped
    case deleteButtonTapped(id: Note.ID)
    case noteTapped(id: Note.ID)
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Path>)

    /// The delete alert's buttons.
    public enum Alert: Equatable {
      case confirmDeletion(id: Note.ID)
    }
  }

  /// The screens the stack can hold.
  @Reducer
  public enum Path {
    case detail(NoteDetailFeature)
  }

  /// What the list presents: the editor sheet, or the delete alert.
  @Reducer
  public enum Destination {
    case editor(NoteEditorFeature)
    case alert(AlertState<NotesFeature.Action.Alert>)
  }

  @Dependency(\.uuid) var uuid

  /// Creates the reducer.
  public init() {}

  /// Presents the editor and the alert, pushes details, keeps the notes.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .editor(NoteEditorFeature.State(note: Note(id: uuid(), title: "")))
        return .none

      case let .deleteButtonTapped(id):
        state.destination = .alert(
          AlertState {
            TextState("Delete this note?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion(id: id)) {
              TextState("Delete")
            }
          }
        )
        return .none

      case let .noteTapped(id):
        guard let note = state.notes[id: id] else { return .none }
        state.path.append(.detail(NoteDetailFeature.State(note: note)))
        return .none

      case let .destination(.presented(.editor(.delegate(.save(note))))):
        state.notes.append(note)
        return .none

      case let .destination(.presented(.alert(.confirmDeletion(id)))):
        state.notes.remove(id: id)
        return .none

      case .destination, .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
  }
}

extension NotesFeature.Destination.State: Equatable {}
extension NotesFeature.Path.State: Equatable {}
