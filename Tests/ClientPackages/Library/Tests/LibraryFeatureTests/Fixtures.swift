import Models

extension Book {
  static let piranesi = Book(
    isbn: "9781635575637", title: "Piranesi", author: "Susanna Clarke", pageCount: 272)
  static let middlemarch = Book(
    isbn: "9780141439549", title: "Middlemarch", author: "George Eliot", pageCount: 880,
    status: .reading, minutesRead: 95)
  static let earthsea = Book(
    isbn: "9780547773742", title: "A Wizard of Earthsea", author: "Ursula K. Le Guin",
    pageCount: 183)
  static let leftHand = Book(
    isbn: "9780441478125", title: "The Left Hand of Darkness", author: "Ursula K. Le Guin",
    pageCount: 304)
}

struct CatalogOffline: Error, Equatable {}
