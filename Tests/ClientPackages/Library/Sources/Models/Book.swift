// Book: what the shelf holds, and what a catalog search finds before it is added.

import Foundation

/// A book on the reader's shelf, identified by its ISBN.
public struct Book: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// Where the reader is with a book.
  public enum Status: String, CaseIterable, Codable, Hashable, Sendable {
    /// On the shelf, not started.
    case wantToRead
    /// Started and not finished.
    case reading
    /// Read to the end.
    case finished
  }

  /// The ISBN-13 the catalog knows the book by.
  public var isbn: String
  /// The title as printed on the cover.
  public var title: String
  /// The author, or the authors joined with commas.
  public var author: String
  /// How many pages the edition has.
  public var pageCount: Int
  /// Where the reader is with it.
  public var status: Status
  /// The minutes spent reading it in reading sessions.
  public var minutesRead: Int
  /// The reader's rating from 1 to 5, once they gave one.
  public var rating: Int?
  /// The reader's own notes.
  public var notes: String

  /// The ISBN: a book is on the shelf once.
  public var id: String { isbn }

  /// Makes a book; a new one is not started, unrated and without notes.
  public init(
    isbn: String,
    title: String,
    author: String,
    pageCount: Int = 0,
    status: Status = .wantToRead,
    minutesRead: Int = 0,
    rating: Int? = nil,
    notes: String = ""
  ) {
    self.isbn = isbn
    self.title = title
    self.author = author
    self.pageCount = pageCount
    self.status = status
    self.minutesRead = minutesRead
    self.rating = rating
    self.notes = notes
  }
}

/// A catalog's search hit: enough to show in the results and to ask the catalog for the book.
public struct BookSummary: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// The ISBN-13.
  public var isbn: String
  /// The title.
  public var title: String
  /// The author.
  public var author: String

  /// The ISBN.
  public var id: String { isbn }

  /// Makes a search hit.
  public init(isbn: String, title: String, author: String) {
    self.isbn = isbn
    self.title = title
    self.author = author
  }
}

extension Book {
  /// The summary the catalog would list the book under.
  public var summary: BookSummary {
    BookSummary(isbn: isbn, title: title, author: author)
  }
}
