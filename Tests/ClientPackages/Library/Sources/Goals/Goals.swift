// Goals: the reader's daily goal, and a row per book with how far the reader is, each row a
// feature of its own that can mark its book finished.

import ComposableArchitecture
import Models

/// One book's progress: its reading time, and a button that marks it finished.
@Reducer
public struct BookProgress {
  /// The book, the shelf's own.
  @ObservableState
  public struct State: Equatable, Identifiable {
    /// The book on the shelf.
    @Shared public var book: Book
    /// The book's id.
    public var id: Book.ID { book.id }

    /// A row for `book`.
    public init(book: Shared<Book>) { self._book = book }
  }

  /// The row's button.
  public enum Action: Sendable {
    /// Mark Finished.
    case markFinishedButtonTapped
  }

  /// Makes a row's reducer.
  public init() {}

  /// Marks the book finished on the shelf.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .markFinishedButtonTapped:
        state.$book.withLock { $0.status = .finished }
        return .none
      }
    }
  }
}

/// The goals tab: the daily goal and the books' progress.
@Reducer
public struct Goals {
  /// The goal, and a row per book on the shelf when the tab last appeared.
  @ObservableState
  public struct State: Equatable {
    /// The reader's daily goal in minutes.
    @Shared(.dailyGoalMinutes) public var dailyGoalMinutes
    /// The rows.
    public var rows: IdentifiedArrayOf<BookProgress.State> = []

    /// The tab before it first appears.
    public init() {}
  }

  /// What the tab sends.
  public enum Action: Sendable {
    /// The goal's stepper.
    case dailyGoalChanged(Int)
    /// The tab appeared: the rows follow the shelf.
    case onAppear
    /// A row's action.
    case rows(IdentifiedActionOf<BookProgress>)
  }

  /// Makes the tab's reducer.
  public init() {}

  /// The goal, and the rows made from the shelf.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .dailyGoalChanged(let minutes):
        state.$dailyGoalMinutes.withLock { $0 = minutes }
        return .none

      case .onAppear:
        @Shared(.books) var books
        state.rows = IdentifiedArray(
          uniqueElements: Array($books).map { BookProgress.State(book: $0) })
        return .none

      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      BookProgress()
    }
  }
}
