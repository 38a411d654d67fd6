// The shelf's screen: the catalog search with its hits, the shelf's books (swipe to delete, or
// Edit), and the alert when the catalog is unreachable.

import ComposableArchitecture
import HeadlessUI
import Models

/// The shelf and the search above it.
public struct BookListView: View {
  /// The list's store.
  @Bindable public var store: StoreOf<BookList>
  @State private var editMode: EditMode = .inactive

  /// A screen for `store`.
  public init(store: StoreOf<BookList>) { self.store = store }

  /// What the screen shows.
  public var body: some View {
    List {
      Section {
        TextField("Search the catalog", text: $store.searchQuery.sending(\.searchQueryChanged))
          .autocorrectionDisabled()
        if store.isSearching {
          ProgressView("Searching")
        }
        ForEach(store.searchResults) { result in
          HStack {
            VStack(alignment: .leading) {
              Text(result.title)
              Text(result.author)
                .font(.caption)
                .foregroundStyle(.secondary)
            }
            Spacer()
            if store.books[id: result.id] != nil {
              Image(systemName: "checkmark")
            } else {
              Button("Add \(result.title)") { store.send(.addButtonTapped(result)) }
                .disabled(store.addingISBN != nil)
            }
          }
        }
      } header: {
        Text("Catalog")
      }
      Section("Shelf") {
        if store.books.isEmpty {
          Text("Nothing on the shelf yet")
        }
        ForEach(store.books) { book in
          Button(book.title) { store.send(.bookTapped(id: book.id)) }
        }
        .onDelete { store.send(.onDelete($0)) }
      }
    }
    .navigationTitle("Library")
    .toolbar {
      ToolbarItem(placement: .topBarTrailing) {
        EditButton()
      }
    }
    .environment(\.editMode, $editMode)
    .alert($store.scope(state: \.alert, action: \.alert))
  }
}

#Preview("Shelf") {
  NavigationStack {
    BookListView(store: Store(initialState: BookList.State()) { BookList() })
  }
}
