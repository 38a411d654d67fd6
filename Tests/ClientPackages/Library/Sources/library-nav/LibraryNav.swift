import AppFeature
import BookList
import HeadlessUI
import CatalogClient
import ComposableArchitecture
import Models
import NavKit
import NotificationsClient
import ReadingSession

/// The Library app's host for scripts and the daemon: the whole app, the shelf alone, and a
/// reading session alone.
///
/// Stores start from test dependencies; the catalog and the notification center are the Linux
/// build's own (the staging fixture, reminders kept in the process), on the store's clock. The
/// shelf and the settings live in navd's storages for scripts: the scenario's own under `test`
/// (two stores launched side by side share them), the process's in the daemon; nothing is
/// written to the user's documents.
@main
struct LibraryNav: NavHost {
  static let features: [NavFeature] = [
    NavFeature(
      "library", summary: "The app: the shelf, a book's detail, reading sessions.",
      initialState: AppFeature.State(),
      withDependencies: hostDependencies,
      view: AppView.init(store:)
    ) { AppFeature() },
    NavFeature(
      "shelf", summary: "The shelf and the catalog search, on their own.",
      initialState: BookList.State(),
      withDependencies: hostDependencies,
      view: { (store: StoreOf<BookList>) in NavigationStack { BookListView(store: store) } }
    ) { BookList() },
    NavFeature(
      "session", summary: "A reading session on Piranesi, on its own.",
      initialState: ReadingSession.State(book: Shared(value: .piranesi)),
      withDependencies: hostDependencies,
      view: { (store: StoreOf<ReadingSession>) in
        NavigationStack { ReadingSessionView(store: store) }
      }
    ) { ReadingSession() },
  ]

  /// A fixed today, and the clients the Linux build uses in place of the network and the
  /// notification center.
  private static func hostDependencies(_ dependencies: inout DependencyValues) {
    dependencies.date = .constant(Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01
    dependencies.catalog = .liveValue
    dependencies.notifications = .inProcess()
  }
}

extension Book {
  fileprivate static let piranesi = Book(
    isbn: "9781635575637", title: "Piranesi", author: "Susanna Clarke", pageCount: 272)
}
