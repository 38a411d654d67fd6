import AppFeature
import BookList
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
/// build's own (the staging fixture, reminders kept in the process), on the store's clock. Every
/// store of the process keeps the shelf and the settings in the same memory, so two stores
/// launched side by side share them, and nothing is written to the user's documents.
@main
struct LibraryNav: NavHost {
  static let features: [NavFeature] = [
    NavFeature(
      "library", summary: "The app: the shelf, a book's detail, reading sessions.",
      initialState: withDependencies(hostStorage) { AppFeature.State() },
      withDependencies: hostDependencies
    ) { AppFeature() },
    NavFeature(
      "shelf", summary: "The shelf and the catalog search, on their own.",
      initialState: withDependencies(hostStorage) { BookList.State() },
      withDependencies: hostDependencies
    ) { BookList() },
    NavFeature(
      "session", summary: "A reading session on Piranesi, on its own.",
      initialState: withDependencies(hostStorage) {
        ReadingSession.State(book: Shared(value: .piranesi))
      },
      withDependencies: hostDependencies
    ) { ReadingSession() },
  ]

  private static let files = FileStorage.inMemory
  // UserDefaults is thread-safe, though Foundation does not say so on Linux.
  nonisolated(unsafe) private static let defaults = UserDefaults.inMemory

  // WORKAROUND (navd): a launched store evaluates `initialState` outside its dependencies, in
  // the live context, so without `hostStorage` around it the shelf in a feature's initial state
  // is the real `~/Documents/books.json` (kept from one scenario, and one run, to the next),
  // while a `@Shared(.books)` made in a reducer uses the test context's storage: another shelf.
  /// The storage `@Shared(.books)` and `@Shared(.dailyGoalMinutes)` use in this host.
  private static func hostStorage(_ dependencies: inout DependencyValues) {
    dependencies.defaultFileStorage = files
    dependencies.defaultAppStorage = defaults
  }

  /// The host's storage, a fixed today, and the clients the Linux build uses in place of the
  /// network and the notification center.
  private static func hostDependencies(_ dependencies: inout DependencyValues) {
    hostStorage(&dependencies)
    dependencies.date = .constant(Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01
    dependencies.catalog = .liveValue
    dependencies.notifications = .inProcess()
  }
}

extension Book {
  fileprivate static let piranesi = Book(
    isbn: "9781635575637", title: "Piranesi", author: "Susanna Clarke", pageCount: 272)
}
