// ExploreProgressLine: the walk's figures on one line of a terminal, rewritten as they change,
// as TLC prints its states found and its queue.

import Glibc
import NavScript

/// Shows an exploration's progress on standard error when it is a terminal, and nothing when it
/// is not (a CI log, a pipe): `explore app [2/3]: 12,345 steps (3,100/s) · 1,234 screens · …`.
final class ExploreProgressLine {
  private let prefix: String
  private let enabled: Bool
  private var shown = false

  /// A line for `feature`'s walk, naming the shard (`K/N`) when it is one.
  init(feature: String, shard: String?, enabled: Bool = isatty(2) != 0) {
    prefix = "explore \(feature)" + (shard.map { " [\($0)]" } ?? "") + ": "
    self.enabled = enabled
  }

  /// Rewrites the line with `progress`.
  func show(_ progress: ExploreProgress) {
    guard enabled else { return }
    shown = true
    // Carriage return, then erase the line: the new figures may be shorter.
    standardErrorRaw("\r\u{1B}[2K" + prefix + progress.line)
  }

  /// Ends the line, if one was shown, so that what follows starts on its own.
  func finish() {
    guard shown else { return }
    shown = false
    standardErrorRaw("\n")
  }

  private func standardErrorRaw(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
  }
}
