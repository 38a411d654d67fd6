import ComposableArchitecture

/// The sheet that writes a new note: a title, then Save or Cancel.
@Reducer
public struct NoteEditorFeature {
  /// The note being written.
  @ObservableState
  public struct State: Equatable {
    /// The note being written.
    public var note: Note

    /// Edits `note`.
    public init(note: Note) {
      self.note = note
    }
  }

  /// What the editor does.
  public enum Action {
    case cancelButtonTapped
    case delegate(Delegate)
    case saveButtonTapped
    case setTitle(String)

    /// What the editor tells its parent.
    public enum Delegate: Equatable {
      case save(Note)
    }
  }

  @Dependency(\.dismiss) var dismiss

  /// Creates the reducer.
  public init() {}

  /// Edits the title; saves through the delegate, then dismisses.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelButtonTapped:
        return .run { [dismiss] _ in await dismiss() }

      case .delegate:
        return .none

      case .saveButtonTapped:
        return .run { [note = state.note, dismiss] send in
          await send(.delegate(.save(note)))
          await dismiss()
        }

      case let .setTitle(title):
        state.note.title = title
        return .none
      }
    }
  }
}
