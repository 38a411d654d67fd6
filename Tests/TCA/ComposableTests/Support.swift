import Composable
import Foundation

/// Collects the issues reported to it, so tests can assert on runtime warnings and failures.
final class Warnings: @unchecked Sendable {
  private let lock = NSLock()
  private var _messages: [String] = []
  private var _locations: [SourceLocation?] = []

  var messages: [String] { lock.withLock { _messages } }
  var locations: [SourceLocation?] { lock.withLock { _locations } }

  var reporter: IssueReporter {
    IssueReporter { message, location in
      self.lock.withLock {
        self._messages.append(message)
        self._locations.append(location)
      }
    }
  }
}

/// Polls `condition` until it holds or about two seconds pass.
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<2_000 {
    if condition() { return true }
    try? await Task.sleep(nanoseconds: 1_000_000)
  }
  return condition()
}
