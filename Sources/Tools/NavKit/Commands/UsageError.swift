// UsageError: a command line that cannot be run as given (exit status 2), and where errors go.

import Foundation

/// A command line that cannot be run as given: exit status 2.
struct UsageError: Error {
  /// What is wrong, in words.
  var message: String
}

/// Writes `text` and a newline to standard error.
func standardError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
