// The detail's screen: the book, the reading it took, and its buttons; the edit form in a
// sheet, and the alerts.

import BookForm
import ComposableArchitecture
import HeadlessUI
import Models

/// The screen of a book on the shelf.
@ViewAction(for: BookDetail.self)
public struct BookDetailView: View {
  /// The detail's store.
  @Bindable public var store: StoreOf<BookDetail>

  /// A screen for `store`.
  public init(store: StoreOf<BookDetail>) { self.store = store }

  /// What the screen shows.
  public var body: some View {
    List {
      Section {
        Text(store.book.author)
        Text("\(store.book.pageCount) pages")
        Text(store.book.status.title)
        Text("\(store.book.minutesRead) minutes read")
        if let rating = store.book.rating {
          Text(String(repeating: "★", count: rating))
        }
        if !store.book.notes.isEmpty {
          Text(store.book.notes)
        }
      }
      Section {
        Button("Start Reading") { send(.startReadingButtonTapped) }
        if let reminder = store.reminder {
          Label("Reminder set: \(reminder.title)", systemImage: "bell")
        } else {
          Button("Remind Me Tomorrow") { send(.remindMeTomorrowButtonTapped) }
        }
      }
      Section {
        Button("Remove from Shelf", role: .destructive) { send(.deleteButtonTapped) }
      }
    }
    .navigationTitle(store.book.title)
    .toolbar {
      ToolbarItem {
        Button("Edit") { send(.editButtonTapped) }
      }
    }
    .alert($store.scope(state: \.$destination, action: \.destination).alert)
    .sheet(item: $store.scope(state: \.$destination, action: \.destination).edit) { formStore in
      NavigationStack {
        BookFormView(store: formStore)
          .navigationTitle("Edit Book")
          .toolbar {
            ToolbarItem(placement: .cancellationAction) {
              Button("Cancel") { send(.cancelEditButtonTapped) }
            }
            ToolbarItem(placement: .confirmationAction) {
              Button("Done") { send(.doneEditingButtonTapped) }
                .disabled(!formStore.isSaveable)
            }
          }
      }
    }
  }
}

#Preview("Book detail") {
  NavigationStack {
    BookDetailView(
      store: Store(
        initialState: BookDetail.State(
          book: Shared(
            value: Book(
              isbn: "0000000000003", title: "A Preview", author: "Nobody", pageCount: 120,
              status: .reading, minutesRead: 42, rating: 4, notes: "Good so far.")))
      ) {
        BookDetail()
      })
  }
}
