import BookList
import CatalogClient
import ComposableArchitecture
import Models
import Testing

@MainActor
@Suite struct BookListTests {
  @Test func searchesOnceTheReaderStopsTyping() async {
    let clock = TestClock()
    let queries = LockIsolated<[String]>([])
    let store = TestStore(initialState: BookList.State()) {
      BookList()
    } withDependencies: {
      $0.catalog.search = { query in
        queries.withValue { $0.append(query) }
        return [Book.earthsea.summary, Book.leftHand.summary]
      }
      $0.continuousClock = clock
    }

    await store.send(.searchQueryChanged("le")) {
      $0.searchQuery = "le"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.searchQueryChanged("le guin")) {
      $0.searchQuery = "le guin"
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.searchResponse.success) {
      $0.isSearching = false
      $0.searchResults = [Book.earthsea.summary, Book.leftHand.summary]
    }
    #expect(queries.value == ["le guin"])
  }

  @Test func clearingTheFieldCancelsTheSearch() async {
    let clock = TestClock()
    let store = TestStore(initialState: BookList.State()) {
      BookList()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.searchQueryChanged("pira")) {
      $0.searchQuery = "pira"
      $0.isSearching = true
    }
    await store.send(.searchQueryChanged("")) {
      $0.searchQuery = ""
      $0.isSearching = false
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func addingASearchHitPutsTheCatalogsRecordOnTheShelf() async {
    @Shared(.books) var books = [Book.middlemarch]
    let store = TestStore(
      initialState: BookList.State(searchQuery: "piranesi", searchResults: [Book.piranesi.summary])
    ) {
      BookList()
    } withDependencies: {
      $0.catalog.details = { isbn in
        #expect(isbn == Book.piranesi.isbn)
        return .piranesi
      }
    }

    await store.send(.addButtonTapped(Book.piranesi.summary)) {
      $0.addingISBN = Book.piranesi.isbn
    }
    await store.receive(\.detailsResponse.success) {
      $0.addingISBN = nil
      $0.$books.withLock { $0.append(.piranesi) }
    }
    #expect(books.map(\.title) == ["Middlemarch", "Piranesi"])
  }

  @Test func aBookAlreadyOnTheShelfIsNotAddedTwice() async {
    @Shared(.books) var books = [Book.piranesi]
    let store = TestStore(initialState: BookList.State()) {
      BookList()
    }

    await store.send(.addButtonTapped(Book.piranesi.summary))
    #expect(books.count == 1)
  }

  @Test func swipingToDeleteRemovesTheRows() async {
    @Shared(.books) var books = [Book.middlemarch, .piranesi, .earthsea]
    let store = TestStore(initialState: BookList.State()) {
      BookList()
    }

    await store.send(.onDelete([0, 2])) {
      $0.$books.withLock { $0 = [.piranesi] }
    }
    #expect(books.ids == [Book.piranesi.id])
  }

  @Test func aFailedSearchOffersToTryAgain() async {
    let store = TestStore(initialState: BookList.State()) {
      BookList()
    } withDependencies: {
      $0.catalog.search = { _ in throw CatalogOffline() }
      $0.continuousClock = ImmediateClock()
    }

    await store.send(.searchQueryChanged("earthsea")) {
      $0.searchQuery = "earthsea"
      $0.isSearching = true
    }
    await store.receive(\.searchResponse.failure) {
      $0.isSearching = false
      $0.alert = .catalogUnreachable(retry: true)
    }

    store.dependencies.catalog.search = { _ in [Book.earthsea.summary] }
    await store.send(\.alert.retrySearchButtonTapped) {
      $0.alert = nil
      $0.isSearching = true
    }
    await store.receive(\.searchResponse.success) {
      $0.isSearching = false
      $0.searchResults = [Book.earthsea.summary]
    }
  }
}
