// CatalogClient: the book catalog the app searches, and takes a book's details from when the
// reader adds it to the shelf.

import Dependencies
import DependenciesMacros
import Foundation
import Models

/// The book catalog's API: search by title or author, and a book's record by ISBN.
@DependencyClient
public struct CatalogClient: Sendable {
  /// The books whose title or author matches `query`, in the catalog's order.
  public var search: @Sendable (_ query: String) async throws -> [BookSummary]
  /// The catalog's record of the book with the ISBN `isbn`, ready to go on the shelf.
  public var details: @Sendable (_ isbn: String) async throws -> Book
}

/// Why the catalog did not answer.
public enum CatalogError: Error, Equatable, Sendable {
  /// The catalog has no book with this ISBN.
  case notFound(isbn: String)
}

extension CatalogClient: DependencyKey {
  /// The catalog the app talks to.
  ///
  /// On iOS this is the HTTP client of the catalog service. The Linux build runs the features
  /// headless, in CI and on machines with no network, so it answers from the service's staging
  /// fixture instead (``fixture(latency:)``), after the latency the service usually has.
  public static let liveValue = CatalogClient.fixture(latency: .milliseconds(200))

  /// The fixture at once, for previews.
  public static let previewValue = CatalogClient.fixture(latency: .zero)

  /// Every endpoint unimplemented: a test sets the ones its feature should reach.
  public static let testValue = CatalogClient()

  /// A catalog that answers from ``Book/stagingCatalog`` after waiting `latency` on the
  /// continuous clock in force, so a virtual clock drives it in tests and scripts.
  public static func fixture(latency: Duration) -> Self {
    Self(
      search: { query in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: latency)
        let words = query.lowercased().split(separator: " ")
        guard !words.isEmpty else { return [] }
        return Book.stagingCatalog
          .filter { book in
            let haystack = "\(book.title) \(book.author)".lowercased()
            return words.allSatisfy { haystack.contains($0) }
          }
          .map(\.summary)
      },
      details: { isbn in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: latency)
        guard let book = Book.stagingCatalog.first(where: { $0.isbn == isbn }) else {
          throw CatalogError.notFound(isbn: isbn)
        }
        return book
      }
    )
  }
}

extension DependencyValues {
  /// The book catalog.
  public var catalog: CatalogClient {
    get { self[CatalogClient.self] }
    set { self[CatalogClient.self] = newValue }
  }
}

extension Book {
  /// The records the catalog service's staging environment serves.
  public static let stagingCatalog: [Book] = [
    Book(
      isbn: "9780441478125", title: "The Left Hand of Darkness", author: "Ursula K. Le Guin",
      pageCount: 304),
    Book(
      isbn: "9780061054884", title: "The Dispossessed", author: "Ursula K. Le Guin",
      pageCount: 387),
    Book(
      isbn: "9780547773742", title: "A Wizard of Earthsea", author: "Ursula K. Le Guin",
      pageCount: 183),
    Book(isbn: "9781635575637", title: "Piranesi", author: "Susanna Clarke", pageCount: 272),
    Book(isbn: "9780141439549", title: "Middlemarch", author: "George Eliot", pageCount: 880),
    Book(
      isbn: "9780593135204", title: "Project Hail Mary", author: "Andy Weir", pageCount: 496),
  ]
}
