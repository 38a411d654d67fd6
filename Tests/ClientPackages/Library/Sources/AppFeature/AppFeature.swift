// AppFeature: the app's root — the shelf, and the stack of a book's detail and its reading
// sessions pushed over it.

import BookDetail
import BookList
import ComposableArchitecture
import Goals
import Models
import ReadingSession

/// The app: the shelf at the root of a navigation stack.
@Reducer
public struct AppFeature {
  /// The screens the stack pushes over the shelf.
  @Reducer(state: .equatable)
  public enum Path {
    /// A book's detail.
    case detail(BookDetail)
    /// A reading session on a book.
    case session(ReadingSession)
  }

  /// The shelf and the stack over it.
  @ObservableState
  public struct State: Equatable {
    /// The shelf.
    public var list: BookList.State
    /// The screens pushed over it.
    public var path: StackState<Path.State>
    /// The goals tab.
    public var goals: Goals.State

    /// The app at launch: the shelf, nothing pushed.
    public init(
      list: BookList.State = BookList.State(), path: StackState<Path.State> = [],
      goals: Goals.State = Goals.State()
    ) {
      self.list = list
      self.path = path
      self.goals = goals
    }
  }

  /// The shelf's actions and the stack's.
  public enum Action {
    /// An action of the goals tab.
    case goals(Goals.Action)
    /// An action of the shelf.
    case list(BookList.Action)
    /// An action of the stack.
    case path(StackActionOf<Path>)
  }

  /// Makes the app's reducer.
  public init() {}

  /// The shelf, the stack, and the pushes between them.
  public var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) {
      BookList()
    }
    Scope(state: \.goals, action: \.goals) {
      Goals()
    }
    Reduce { state, action in
      switch action {
      case .list(.bookTapped(let id)):
        guard let book = Shared(state.list.$books[id: id]) else { return .none }
        state.path.append(.detail(BookDetail.State(book: book)))
        return .none

      case .path(.element(id: let id, action: .detail(.delegate(.startReading)))):
        guard let detail = state.path[id: id]?.detail else { return .none }
        state.path.append(.session(ReadingSession.State(book: detail.$book)))
        return .none

      case .goals, .list, .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}
