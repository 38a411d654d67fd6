// The edit form's screen: the fields, the page count's stepper, where the reader is with the
// book, the stars, and the notes. The keyboard follows the feature's focus.

import ComposableArchitecture
import HeadlessUI
import Models

/// The form that edits a book.
public struct BookFormView: View {
  /// The form's store.
  @Bindable public var store: StoreOf<BookForm>
  @FocusState private var focus: BookForm.State.Field?

  /// A form for `store`.
  public init(store: StoreOf<BookForm>) { self.store = store }

  /// What the screen shows.
  public var body: some View {
    Form {
      Section {
        TextField("Title", text: $store.book.title)
          .focused($focus, equals: .title)
        TextField("Author", text: $store.book.author)
          .focused($focus, equals: .author)
          .textInputAutocapitalization(.words)
        Stepper("\(store.book.pageCount) pages", value: $store.book.pageCount, in: 1...5_000)
          .focused($focus, equals: .pageCount)
      } header: {
        Text("Book")
      }
      Section("Progress") {
        Picker("Status", selection: $store.book.status) {
          ForEach(Book.Status.allCases, id: \.self) { status in
            Text(status.title).tag(status)
          }
        }
        HStack {
          ForEach(1...5, id: \.self) { stars in
            Button {
              store.send(.starTapped(stars))
            } label: {
              Image(systemName: stars <= (store.book.rating ?? 0) ? "star.fill" : "star")
            }
            .buttonStyle(.borderless)
          }
          if store.book.rating != nil {
            Button("Clear") { store.send(.clearRatingButtonTapped) }
          }
        }
        .focused($focus, equals: .rating)
      }
      Section("Notes") {
        TextField("Notes", text: $store.book.notes, axis: .vertical)
          .focused($focus, equals: .notes)
      }
    }
    .bind($store.focus, to: $focus)
  }
}

extension Book.Status {
  /// How the form names the status.
  public var title: String {
    switch self {
    case .wantToRead: "Want to Read"
    case .reading: "Reading"
    case .finished: "Finished"
    }
  }
}

#Preview("Edit form") {
  BookFormView(
    store: Store(
      initialState: BookForm.State(
        book: Book(isbn: "0000000000002", title: "", author: "", pageCount: 100))
    ) {
      BookForm()
    })
}
