// BookForm: the form that edits a book — title, author, pages, where the reader is with it, a
// rating and notes — shown in the detail's sheet, which saves or drops the edits.

import ComposableArchitecture
import Models

/// The form that edits a copy of a book; the feature presenting it saves the copy.
@Reducer
public struct BookForm {
  /// The book being edited, and the field with the focus.
  @ObservableState
  public struct State: Equatable {
    /// A field of the form that can have the focus.
    public enum Field: Hashable, Sendable {
      /// The title.
      case title
      /// The author.
      case author
      /// The page count.
      case pageCount
      /// The star rating.
      case rating
      /// The notes.
      case notes
    }

    /// The book as edited so far.
    public var book: Book
    /// The field with the focus, if any.
    public var focus: Field?

    /// Whether the edits can be saved: a book needs a title and an author.
    public var isSaveable: Bool {
      !book.title.trimmingCharacters(in: .whitespaces).isEmpty
        && !book.author.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// A form over a copy of `book`, with the focus on the title.
    public init(book: Book, focus: Field? = .title) {
      self.book = book
      self.focus = focus
    }
  }

  /// What the form's fields and buttons send.
  public enum Action: BindableAction, Sendable {
    /// A field changed.
    case binding(BindingAction<State>)
    /// The clear button beside the stars.
    case clearRatingButtonTapped
    /// The star at `stars` (1 to 5).
    case starTapped(Int)
  }

  /// Makes the form's reducer.
  public init() {}

  /// The bindings, then what the form does with them.
  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.book.status):
        // Finishing a book is when readers rate it: take them to the stars.
        if state.book.status == .finished, state.book.rating == nil {
          state.focus = .rating
        }
        return .none

      case .binding:
        return .none

      case .clearRatingButtonTapped:
        state.book.rating = nil
        return .none

      case .starTapped(let stars):
        state.book.rating = min(max(stars, 1), 5)
        return .none
      }
    }
  }
}
