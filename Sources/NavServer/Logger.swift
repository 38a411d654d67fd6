// Log lines on standard error, with a level threshold.

import Foundation

/// Writes log lines to standard error.
public struct Logger: Sendable {
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

  /// The least severe level that is written.
  public var level: Level

  /// Creates a logger writing lines at `level` and above.
  public init(level: Level = .info) { self.level = level }

  /// Logs a failure.
  public func error(_ message: @autoclosure () -> String) { write(.error, message()) }
  /// Logs a warning.
  public func warning(_ message: @autoclosure () -> String) { write(.warning, message()) }
  /// Logs information.
  public func info(_ message: @autoclosure () -> String) { write(.info, message()) }
  /// Logs detail.
  public func debug(_ message: @autoclosure () -> String) { write(.debug, message()) }

  private func write(_ level: Level, _ message: @autoclosure () -> String) {
    guard level <= self.level else { return }
    FileHandle.standardError.write(Data("navd: \(level): \(message())\n".utf8))
  }
}
