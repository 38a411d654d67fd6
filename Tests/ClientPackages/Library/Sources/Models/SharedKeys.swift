// SharedKeys: the state every feature shares — the shelf, kept in a file in the user's
// documents, and the daily reading goal, kept in user defaults.

import Foundation
import IdentifiedCollections
import Sharing

extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<Book>>.Default {
  /// The reader's shelf, kept as JSON in `books.json` in their documents folder.
  public static var books: Self {
    Self[.fileStorage(.documentsDirectory.appending(component: "books.json")), default: []]
  }
}

extension SharedKey where Self == AppStorageKey<Int>.Default {
  /// How many minutes a day the reader means to read, 20 until they choose.
  public static var dailyGoalMinutes: Self {
    Self[.appStorage("dailyGoalMinutes"), default: 20]
  }
}
