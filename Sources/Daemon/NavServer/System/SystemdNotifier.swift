// The sd_notify protocol, spoken directly: one datagram of newline-separated KEY=VALUE fields to
// the socket systemd names in $NOTIFY_SOCKET. No libsystemd (and no dlopen of it) needed.

import CNavSys
import Foundation
import Glibc
import NavTransport

/// Tells the service manager what the daemon is doing: ready, reloading, stopping, a status line
/// a person can read, and watchdog pings.
///
/// Without `$NOTIFY_SOCKET` (not started by systemd, or not `Type=notify`) every call does
/// nothing, so the daemon runs the same from a shell.
public struct SystemdNotifier: Sendable {
  /// The notification socket's address (`@` for the abstract namespace), when there is one.
  public let address: String?

  /// Reads `$NOTIFY_SOCKET` from `environment`.
  public init(environment: [String: String]) {
    let address = environment["NOTIFY_SOCKET"] ?? ""
    self.address = address.isEmpty ? nil : address
  }

  /// Whether notifications go anywhere.
  public var isEnabled: Bool { address != nil }

  /// Sends `fields` (`"READY=1"`, `"STATUS=…"`) as one datagram.
  ///
  /// A field's value must not contain a newline: it would start another field.
  public func notify(_ fields: [String]) throws(SystemError) {
    guard let address else { return }
    let message = fields.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(
      separator: "\n")
    let bytes = Array(message.utf8)
    try system("sendto(\(address))") {
      bytes.withUnsafeBytes { navsys_notify(address, $0.baseAddress, $0.count) }
    }
  }

  /// Says the daemon serves clients, with a status line.
  public func ready(status: String) throws(SystemError) {
    try notify(["READY=1", "STATUS=\(status)"])
  }

  /// Says the daemon reloads its configuration; `READY=1` follows when it is done.
  ///
  /// `MONOTONIC_USEC` lets systemd (253 and later, `Type=notify-reload`) match the reload to
  /// its request; older versions ignore it.
  public func reloading(status: String) throws(SystemError) {
    let microseconds = monotonicNanoseconds() / 1_000
    try notify(["RELOADING=1", "MONOTONIC_USEC=\(microseconds)", "STATUS=\(status)"])
  }

  /// Says the daemon is stopping.
  public func stopping(status: String) throws(SystemError) {
    try notify(["STOPPING=1", "STATUS=\(status)"])
  }

  /// Updates the status line.
  public func status(_ status: String) throws(SystemError) { try notify(["STATUS=\(status)"]) }

  /// Tells the watchdog the daemon is alive.
  public func watchdog() throws(SystemError) { try notify(["WATCHDOG=1"]) }

  /// How often to ping the watchdog: half of `$WATCHDOG_USEC`, when it is set and
  /// `$WATCHDOG_PID` (if set) is `pid`; `nil` when no watchdog watches this process.
  public static func watchdogInterval(environment: [String: String], pid: Int32) -> Duration? {
    guard let text = environment["WATCHDOG_USEC"], let microseconds = UInt64(text),
      microseconds > 0
    else { return nil }
    if let owner = environment["WATCHDOG_PID"], !owner.isEmpty, Int32(owner) != pid {
      return nil
    }
    return .microseconds(Int64(microseconds / 2))
  }
}
