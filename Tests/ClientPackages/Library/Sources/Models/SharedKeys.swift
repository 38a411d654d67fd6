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

#if os(Linux)
  extension URL {
    /// The user's documents folder, as Apple's Foundation names it.
    ///
    /// swift-corelibs-foundation has no `URL.documentsDirectory`; FileManager finds the same
    /// folder (`~/Documents`).
    static var documentsDirectory: URL {
      FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }
  }
#endif
