import AppFeature
import BookDetail
import BookList
import ComposableArchitecture
import Models
import ReadingSession
import Testing

@MainActor
@Suite struct AppFeatureTests {
  @Test func tappingABookPushesItsDetailAndReadingPushesASession() async {
    @Shared(.books) var books = [Book.piranesi, .middlemarch]
    let clock = TestClock()
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let piranesi = Shared($books[id: Book.piranesi.id])!

    await store.send(\.list.bookTapped, Book.piranesi.id) {
      $0.path.append(.detail(BookDetail.State(book: piranesi)))
    }
    await store.send(\.path[id: 0].detail.view.startReadingButtonTapped)
    await store.receive(\.path[id: 0].detail.delegate.startReading) {
      $0.path.append(.session(ReadingSession.State(book: piranesi)))
    }
    await store.send(\.path[id: 1].session.view.startButtonTapped) {
      $0.path[id: 1]?.modify(\.session) { $0.isTimerRunning = true }
      $0.list.$books.withLock { $0[id: Book.piranesi.id]?.status = .reading }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 1].session.timerTicked) {
      $0.path[id: 1]?.modify(\.session) { $0.secondsElapsed = 1 }
    }
    // Going back from the session cancels its timer with it.
    await store.send(\.path.popFrom, 1) {
      $0.path.pop(from: 1)
    }
    await clock.advance(by: .seconds(60))
    await store.finish()
  }

  @Test func aPushedDetailPopsItselfWhenItsBookIsRemoved() async {
    @Shared(.books) var books = [Book.piranesi, .middlemarch]
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    }
    let piranesi = Shared($books[id: Book.piranesi.id])!

    await store.send(\.path.push, (id: 0, .detail(BookDetail.State(book: piranesi)))) {
      $0.path[id: 0] = .detail(BookDetail.State(book: piranesi))
    }
    await store.send(\.path[id: 0].detail.view.deleteButtonTapped) {
      $0.path[id: 0, case: \.detail]?.destination = .alert(.removeBook(titled: "Piranesi"))
    }
    await store.send(\.path[id: 0].detail.destination.alert.confirmDeletion) {
      $0.path[id: 0, case: \.detail]?.destination = nil
      $0.list.$books.withLock { _ = $0.remove(id: Book.piranesi.id) }
    }
    await store.receive(\.path.popFrom) {
      $0.path = StackState()
    }
    #expect(books.map(\.title) == ["Middlemarch"])
  }
}
