import Composable
import Synchronization

/// The failures a test store reported, kept so a test can check what a mistake looks like.
final class IssueLog: Sendable {
  private let storage = Mutex<[String]>([])

  /// A reporter that appends each failure message to the log.
  var reporter: IssueReporter {
    IssueReporter { [self] message, _ in storage.withLock { $0.append(message) } }
  }

  /// The messages reported so far, oldest first.
  var messages: [String] { storage.withLock { $0 } }
}
