import Composable
import Foundation
import Synchronization

/// The failures a store reported, kept so a test can check what a runtime warning says.
final class IssueLog: Sendable {
  private let storage = Mutex<[String]>([])

  /// A reporter that appends each failure message to the log.
  var reporter: IssueReporter {
    IssueReporter { [self] message, _ in storage.withLock { $0.append(message) } }
  }

  /// The messages reported so far, oldest first.
  var messages: [String] { storage.withLock { $0 } }
}

extension UUID {
  /// The `n`th UUID that `UUIDGenerator.incrementing` makes, counting from 0.
  init(_ n: Int) {
    self.init(uuidString: String(format: "00000000-0000-0000-0000-%012llX", UInt64(n)))!
  }
}
