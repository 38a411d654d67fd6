import BookDetail
import BookForm
import ComposableArchitecture
import Models
import NotificationsClient
import Testing

@MainActor
@Suite struct BookDetailTests {
  @Test func editsInTheSheetAreSavedToTheShelf() async {
    @Shared(.books) var books = [Book.piranesi]
    let store = TestStore(
      initialState: BookDetail.State(book: Shared($books[id: Book.piranesi.id])!)
    ) {
      BookDetail()
    }

    await store.send(.view(.editButtonTapped)) {
      $0.destination = .edit(BookForm.State(book: .piranesi))
    }
    await store.send(.destination(.presented(.edit(.binding(.set(\.book.status, .finished)))))) {
      $0.destination?.modify(\.edit) {
        $0.book.status = .finished
        $0.focus = .rating
      }
    }
    await store.send(\.destination.edit.starTapped, 4) {
      $0.destination?.modify(\.edit) { $0.book.rating = 4 }
    }
    await store.send(.view(.doneEditingButtonTapped)) {
      $0.$book.withLock {
        $0.status = .finished
        $0.rating = 4
      }
      $0.destination = nil
    }
    #expect(books[id: Book.piranesi.id]?.rating == 4)
  }

  @Test func cancellingTheSheetKeepsTheBookAsItWas() async {
    @Shared(.books) var books = [Book.piranesi]
    let store = TestStore(
      initialState: BookDetail.State(book: Shared($books[id: Book.piranesi.id])!)
    ) {
      BookDetail()
    }

    await store.send(.view(.editButtonTapped)) {
      $0.destination = .edit(BookForm.State(book: .piranesi))
    }
    await store.send(\.destination.edit.binding.book, Book.piranesi.with(title: "")) {
      $0.destination?.modify(\.edit) { $0.book.title = "" }
    }
    await store.send(.view(.doneEditingButtonTapped))
    await store.send(.view(.cancelEditButtonTapped)) {
      $0.destination = nil
    }
    #expect(books == [Book.piranesi])
  }

  @Test func removingAfterTheAlertTakesTheBookOffTheShelfAndDismisses() async {
    @Shared(.books) var books = [Book.piranesi, .middlemarch]
    let store = TestStore(
      initialState: BookDetail.State(book: Shared($books[id: Book.piranesi.id])!)
    ) {
      BookDetail()
    }

    await store.send(.view(.deleteButtonTapped)) {
      $0.destination = .alert(.removeBook(titled: "Piranesi"))
    }
    await store.send(\.destination.alert.confirmDeletion) {
      $0.destination = nil
      $books.withLock { _ = $0.remove(id: Book.piranesi.id) }
    }
    #expect(store.isDismissed)
    #expect(books.ids == [Book.middlemarch.id])
  }

  @Test func keepingTheBookClosesTheAlert() async {
    let store = TestStore(initialState: BookDetail.State(book: Shared(value: .piranesi))) {
      BookDetail()
    }

    await store.send(.view(.deleteButtonTapped)) {
      $0.destination = .alert(.removeBook(titled: "Piranesi"))
    }
    await store.send(\.destination.dismiss) {
      $0.destination = nil
    }
    #expect(!store.isDismissed)
  }

  @Test func remindMeTomorrowSchedulesAReminder() async {
    let scheduled = LockIsolated<[Reminder]>([])
    let store = TestStore(initialState: BookDetail.State(book: Shared(value: .piranesi))) {
      BookDetail()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_750_000_000)
      $0.notifications.requestAuthorization = { true }
      $0.notifications.schedule = { reminder in scheduled.withValue { $0.append(reminder) } }
    }

    let reminder = Reminder(
      id: Book.piranesi.id, title: "Pick up Piranesi again",
      fireDate: Date(timeIntervalSince1970: 1_750_000_000 + 24 * 60 * 60))
    await store.send(.view(.remindMeTomorrowButtonTapped))
    await store.receive(\.reminderScheduled, reminder) {
      $0.reminder = reminder
    }
    #expect(scheduled.value == [reminder])
  }

  @Test func remindersExplainThatNotificationsAreOff() async {
    let store = TestStore(initialState: BookDetail.State(book: Shared(value: .piranesi))) {
      BookDetail()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.notifications.requestAuthorization = { false }
    }

    await store.send(.view(.remindMeTomorrowButtonTapped))
    await store.receive(\.notificationsDenied) {
      $0.destination = .alert(.notificationsOff)
    }
  }
}

extension Book {
  fileprivate func with(title: String) -> Book {
    var book = self
    book.title = title
    return book
  }
}
