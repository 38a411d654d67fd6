// Interruption: Ctrl-C as a way to end a command that listens (record, history --follow) cleanly.

import Foundation
import Synchronization

/// Set by SIGINT while a command listens.
private let interrupted = Atomic<Bool>(false)

/// Ctrl-C (SIGINT) as the end of a listening command rather than of the process: while it is
/// caught, SIGINT sets a flag the command polls between reads, so the command can finish what it
/// was doing (write a spec, say goodbye) and exit 0.
enum Interruption {
  /// Runs `body` with SIGINT caught; the previous handler is restored afterwards.
  static func catching<T>(_ body: () throws -> T) rethrows -> T {
    interrupted.store(false, ordering: .relaxed)
    let previous = signal(SIGINT) { _ in interrupted.store(true, ordering: .relaxed) }
    defer { signal(SIGINT, previous) }
    return try body()
  }

  /// Whether SIGINT came since `catching` began.
  static var happened: Bool { interrupted.load(ordering: .relaxed) }
}
