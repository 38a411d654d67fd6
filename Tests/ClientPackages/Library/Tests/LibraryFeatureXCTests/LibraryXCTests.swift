import AppFeature
import BookDetail
import BookList
import CatalogClient
import ComposableArchitecture
import Models
import ReadingSession
import XCTest

final class LibraryXCTests: XCTestCase {
  private let piranesi = Book(
    isbn: "9781635575637", title: "Piranesi", author: "Susanna Clarke", pageCount: 272)
  private let dispossessed = Book(
    isbn: "9780061054884", title: "The Dispossessed", author: "Ursula K. Le Guin",
    pageCount: 387)

  @MainActor
  func testSearchThenAddPutsTheBookOnTheShelf() async {
    @Shared(.books) var books: IdentifiedArrayOf<Book> = []
    let clock = TestClock()
    let dispossessed = self.dispossessed
    let store = TestStore(initialState: BookList.State()) {
      BookList()
    } withDependencies: {
      $0.catalog.search = { _ in [dispossessed.summary] }
      $0.catalog.details = { _ in dispossessed }
      $0.continuousClock = clock
    }

    await store.send(.searchQueryChanged("dispossessed")) {
      $0.searchQuery = "dispossessed"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.searchResponse.success) {
      $0.isSearching = false
      $0.searchResults = [dispossessed.summary]
    }
    await store.send(.addButtonTapped(dispossessed.summary)) {
      $0.addingISBN = dispossessed.isbn
    }
    await store.receive(\.detailsResponse.success) {
      $0.addingISBN = nil
      $0.$books.withLock { $0.append(dispossessed) }
    }
    XCTAssertEqual(books.map(\.title), ["The Dispossessed"])
  }

  @MainActor
  func testRemovingTheBookFromItsDetailDismissesIt() async {
    @Shared(.books) var books = [piranesi, dispossessed]
    let store = TestStore(initialState: BookDetail.State(book: Shared($books[id: piranesi.id])!)) {
      BookDetail()
    }

    await store.send(.view(.deleteButtonTapped)) {
      $0.destination = .alert(.removeBook(titled: "Piranesi"))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.destination = nil
      $books.withLock { _ = $0.remove(id: self.piranesi.id) }
    }
    XCTAssertTrue(store.isDismissed)
    XCTAssertEqual(books.ids, [dispossessed.id])
  }

  @MainActor
  func testASessionPushedFromTheDetailCountsMinutesUntilPopped() async {
    @Shared(.books) var books = [piranesi]
    let clock = TestClock()
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off(showSkippedAssertions: false)

    await store.send(.list(.bookTapped(id: piranesi.id)))
    await store.send(.path(.element(id: 0, action: .detail(.view(.startReadingButtonTapped)))))
    await store.receive(\.path[id: 0].detail.delegate.startReading)
    XCTAssertEqual(store.state.path.count, 2)

    await store.send(.path(.element(id: 1, action: .session(.view(.startButtonTapped)))))
    await clock.advance(by: .seconds(120))
    XCTAssertEqual(books[id: piranesi.id]?.minutesRead, 2)
    XCTAssertEqual(books[id: piranesi.id]?.status, .reading)

    // Non-exhaustive: an assertion here would apply to the state after the pop.
    await store.send(.path(.popFrom(id: 1)))
    XCTAssertEqual(store.state.path.ids, [0])
    await clock.advance(by: .seconds(60))
    XCTAssertEqual(books[id: piranesi.id]?.minutesRead, 2)
  }
}
