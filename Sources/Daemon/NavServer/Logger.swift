// Log lines on standard error, with a level threshold, in the journal's format when standard
// error is the journal.

import Foundation
import Glibc
import Synchronization

/// Writes log lines to standard error.
///
/// Under systemd, when standard error is connected to the journal (`$JOURNAL_STREAM` names it),
/// each line starts with its syslog priority (`<3>` error, `<4>` warning, `<6>` info, `<7>`
/// debug) so `journalctl -p` can filter it; elsewhere lines read `navd: warning: …`. The
/// threshold can change while the daemon runs (a reload).
public final class Logger: Sendable {
  /// How much to log.
  public enum Level: Int, Sendable, Comparable, CaseIterable {
    /// Failures the daemon survives.
    case error = 3
    /// Refusals and disconnections for cause.
    case warning = 4
    /// Start, stop, sessions.
    case info = 6
    /// Every client and request.
    case debug = 7

    /// Orders levels from the most to the least severe.
    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level named `name` (`error`, `warning`, `info`, `debug`).
    public init?(name: String) {
      guard let level = Level.allCases.first(where: { "\($0)" == name }) else { return nil }
      self = level
    }
  }

  private let threshold: Atomic<Int>
  /// Whether lines carry journald priority prefixes.
  public let journalFormat: Bool

  /// Creates a logger writing lines at `level` and above, in the journal's format when
  /// `journalFormat` is set.
  public init(level: Level = .info, journalFormat: Bool = false) {
    self.threshold = Atomic(level.rawValue)
    self.journalFormat = journalFormat
  }

  /// The least severe level that is written.
  public var level: Level {
    get { Level(rawValue: threshold.load(ordering: .relaxed)) ?? .info }
    set { threshold.store(newValue.rawValue, ordering: .relaxed) }
  }

  /// Whether standard error is the journal stream `environment`'s `$JOURNAL_STREAM` names
  /// (`DEVICE:INODE`): systemd sets it for services logging to the journal, and a daemon whose
  /// standard error was redirected elsewhere since must not take it for the journal.
  public static func standardErrorIsJournal(environment: [String: String]) -> Bool {
    guard let stream = environment["JOURNAL_STREAM"] else { return false }
    let parts = stream.split(separator: ":")
    guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else {
      return false
    }
    var status = stat()
    guard fstat(STDERR_FILENO, &status) == 0 else { return false }
    return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
  }

  /// Logs a failure.
  public func error(_ message: @autoclosure () -> String) { write(.error, message()) }
  /// Logs a warning.
  public func warning(_ message: @autoclosure () -> String) { write(.warning, message()) }
  /// Logs information.
  public func info(_ message: @autoclosure () -> String) { write(.info, message()) }
  /// Logs detail.
  public func debug(_ message: @autoclosure () -> String) { write(.debug, message()) }

  /// Whether a line at `level` would be written.
  public func isLogging(_ level: Level) -> Bool { level <= self.level }

  private func write(_ level: Level, _ message: @autoclosure () -> String) {
    guard isLogging(level) else { return }
    let text = Self.escaped(message())
    let line =
      journalFormat
      ? "<\(level.rawValue)>\(text)\n"
      : "navd: \(level): \(text)\n"
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// `message` as one line that cannot be taken for two: every control character, line
  /// separator and bidirectional control written as an escape (`\n`, `\r`, `\t`, else
  /// `\u{1B}`), and a backslash doubled.
  ///
  /// Log messages carry what clients send — session and client names, action paths, error
  /// texts, script output — so a newline in one would otherwise start a line of its own, with
  /// a `<0>` priority prefix if the client wrote one. Every event is one line in the journal.
  public static func escaped(_ message: String) -> String {
    guard message.unicodeScalars.contains(where: { needsEscape($0) || $0 == "\\" }) else {
      return message
    }
    var text = ""
    text.reserveCapacity(message.utf8.count + 8)
    for scalar in message.unicodeScalars {
      // A backslash is doubled, so that `\\n` written by a client never reads as an escape.
      if scalar == "\\" {
        text += "\\\\"
        continue
      }
      guard needsEscape(scalar) else {
        text.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      default: text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return text
  }

  /// Whether `scalar` is a control character, a line or paragraph separator, or a
  /// bidirectional override or isolate (which make text read in another order than it is):
  /// escaped in a log line, refused in a session name (``SessionName``).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
