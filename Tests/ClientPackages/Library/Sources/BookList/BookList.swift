// BookList: the shelf, and the catalog search that adds to it. Typing searches once the reader
// pauses; a search hit goes on the shelf with the catalog's record of the book.

import CatalogClient
import ComposableArchitecture
import Models

/// The reader's shelf, with a search of the catalog above it.
@Reducer
public struct BookList {
  /// The shelf, the search and its results, and an alert when the catalog fails.
  @ObservableState
  public struct State: Equatable {
    /// The alert on screen, if any.
    @Presents public var alert: AlertState<Action.Alert>?
    /// The shelf, kept in `books.json`.
    @Shared(.books) public var books
    /// The ISBN of the search hit being added, while the catalog answers.
    public var addingISBN: String?
    /// Whether a search is under way.
    public var isSearching = false
    /// The search field's text.
    public var searchQuery = ""
    /// The hits of the last search.
    public var searchResults: [BookSummary] = []

    /// A shelf with nothing searched.
    public init(
      alert: AlertState<Action.Alert>? = nil,
      searchQuery: String = "",
      searchResults: [BookSummary] = []
    ) {
      self.alert = alert
      self.searchQuery = searchQuery
      self.searchResults = searchResults
    }
  }

  /// What the list, the search field and the catalog send.
  public enum Action: Sendable {
    /// A search hit's Add button.
    case addButtonTapped(BookSummary)
    /// An action of the alert.
    case alert(PresentationAction<Alert>)
    /// A row of the shelf: the feature that shows the list opens the book.
    case bookTapped(id: Book.ID)
    /// The catalog's record of a book being added.
    case detailsResponse(Result<Book, any Error>)
    /// Swipe to delete, or Edit mode's delete, on the shelf's rows at `offsets`.
    case onDelete(IndexSet)
    /// The search field's text changed.
    case searchQueryChanged(String)
    /// The catalog's hits for the search.
    case searchResponse(Result<[BookSummary], any Error>)

    /// The buttons of the list's alerts.
    @CasePathable
    public enum Alert: Equatable, Sendable {
      /// Search again.
      case retrySearchButtonTapped
    }
  }

  enum CancelID { case search }

  @Dependency(\.catalog) var catalog
  @Dependency(\.continuousClock) var clock

  /// Makes the list's reducer.
  public init() {}

  /// The search, the shelf's changes, and the alert.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped(let summary):
        guard state.books[id: summary.id] == nil, state.addingISBN == nil else { return .none }
        state.addingISBN = summary.isbn
        return .run { [catalog] send in
          await send(.detailsResponse(Result { try await catalog.details(summary.isbn) }))
        }

      case .alert(.presented(.retrySearchButtonTapped)):
        return search(&state)

      case .alert:
        return .none

      case .bookTapped:
        return .none

      case .detailsResponse(.success(let book)):
        state.addingISBN = nil
        state.$books.withLock { $0.append(book) }
        return .none

      case .detailsResponse(.failure):
        state.addingISBN = nil
        state.alert = .catalogUnreachable(retry: false)
        return .none

      case .onDelete(let offsets):
        state.$books.withLock { $0.remove(atOffsets: offsets) }
        return .none

      case .searchQueryChanged(let query):
        state.searchQuery = query
        return search(&state)

      case .searchResponse(.success(let results)):
        state.isSearching = false
        state.searchResults = results
        return .none

      case .searchResponse(.failure):
        state.isSearching = false
        state.alert = .catalogUnreachable(retry: true)
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  /// Searches for the query once the reader has stopped typing for 300 ms, cancelling the
  /// search of what they typed before; an empty query clears the results.
  private func search(_ state: inout State) -> Effect<Action> {
    let query = state.searchQuery.trimmingCharacters(in: .whitespaces)
    guard !query.isEmpty else {
      state.isSearching = false
      state.searchResults = []
      return .cancel(id: CancelID.search)
    }
    state.isSearching = true
    return .run { [catalog, clock] send in
      try await clock.sleep(for: .milliseconds(300))
      await send(.searchResponse(Result { try await catalog.search(query) }))
    }
    .cancellable(id: CancelID.search, cancelInFlight: true)
  }
}

extension AlertState where Action == BookList.Action.Alert {
  /// Says the catalog did not answer, with a retry button for a search.
  public static func catalogUnreachable(retry: Bool) -> Self {
    Self {
      TextState("The catalog is unreachable")
    } actions: {
      if retry {
        ButtonState(action: .retrySearchButtonTapped) {
          TextState("Try Again")
        }
      }
      ButtonState(role: .cancel) {
        TextState("OK")
      }
    } message: {
      TextState("Check your connection and try again.")
    }
  }
}
