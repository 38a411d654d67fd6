// The table of navd's settings: one entry per key, shared by the command line (`--key value`)
// and the configuration file (`key value`), so both accept the same settings with the same
// checks and the same messages.

import Foundation

/// navd's settings and how each is read into a ``Server/Configuration``.
public enum DaemonOptions {
  /// One setting.
  public struct Key: Sendable {
    /// Its name: `max-clients` (the option is `--max-clients`).
    public var name: String
    /// What its value is, for help: `N`.
    public var argument: String
    /// Whether it may be given several times (each adds to a list).
    public var repeatable: Bool
    /// Reads `value` into the configuration, or says what is wrong with it.
    let apply: @Sendable (String, inout Server.Configuration, Context) -> String?
  }

  /// What applying a setting may need to know.
  struct Context {
    /// The names of the features sessions may run.
    var features: [String]
  }

  /// Every setting.
  public static let keys: [Key] = [
    Key(name: "socket", argument: "PATH", repeatable: false) { value, configuration, _ in
      configuration.socketPath = value
      return nil
    },
    Key(name: "socket-mode", argument: "MODE", repeatable: false) { value, configuration, _ in
      guard let mode = UInt32(value, radix: 8), mode <= 0o777, mode & 0o600 == 0o600 else {
        return "needs an octal mode that lets the owner read and write, such as 0600 or 0660"
      }
      configuration.socketMode = mode
      return nil
    },
    Key(name: "session", argument: "NAME[=FEATURE]", repeatable: true) {
      value, configuration, context in
      let parts = value.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard let name = parts.first, !name.isEmpty else { return "needs NAME[=FEATURE]" }
      do throws(SessionNameError) {
        try SessionName.check(name)
      } catch {
        return error.description
      }
      let feature = parts.count > 1 ? parts[1] : (context.features.first ?? "app")
      guard context.features.contains(feature) else {
        return "no feature named \"\(feature)\"; the features are "
          + context.features.joined(separator: ", ")
      }
      configuration.sessions.removeAll { $0.name == name }
      configuration.sessions.append(Server.SessionSpec(name: name, feature: feature))
      return nil
    },
    Key(name: "max-clients", argument: "N", repeatable: false) { value, configuration, _ in
      guard let count = Int(value), count > 0 else { return "needs a positive number" }
      configuration.maximumClients = count
      return nil
    },
    Key(name: "max-message-bytes", argument: "N", repeatable: false) {
      value, configuration, _ in
      guard let count = Int(value), count >= 64 else { return "needs a number of at least 64" }
      configuration.maximumMessageBytes = count
      return nil
    },
    Key(name: "max-queued-bytes", argument: "N", repeatable: false) {
      value, configuration, _ in
      guard let count = Int(value), count >= 1024 else {
        return "needs a number of at least 1024"
      }
      configuration.maximumQueuedBytes = count
      return nil
    },
    Key(name: "log-level", argument: "LEVEL", repeatable: false) { value, configuration, _ in
      guard let level = Logger.Level(name: value) else {
        return "must be error, warning, info or debug, not \(value)"
      }
      configuration.logLevel = level
      return nil
    },
    Key(name: "state-dir", argument: "DIR", repeatable: false) { value, configuration, _ in
      configuration.stateDirectory = value
      return nil
    },
    Key(name: "durability", argument: "MODE", repeatable: false) { value, configuration, _ in
      guard let durability = Durability(rawValue: value) else {
        return "must be always, batch or off, not \(value)"
      }
      configuration.durability = durability
      return nil
    },
    Key(name: "durability-delay-ms", argument: "N", repeatable: false) {
      value, configuration, _ in
      guard let milliseconds = Int(value), (1...60_000).contains(milliseconds) else {
        return "needs a number of milliseconds from 1 to 60000"
      }
      configuration.durabilityDelay = .milliseconds(milliseconds)
      return nil
    },
    Key(name: "history", argument: "N", repeatable: false) { value, configuration, _ in
      guard let count = Int(value), (0...10_000_000).contains(count) else {
        return "needs a number of entries from 0 to 10000000"
      }
      configuration.history = count
      return nil
    },
    Key(name: "busy-poll-us", argument: "N", repeatable: false) { value, configuration, _ in
      let range = Server.Configuration.busyPollMicroseconds
      guard let microseconds = Int(value), range.contains(microseconds) else {
        return "needs a number of microseconds from \(range.lowerBound) to \(range.upperBound)"
      }
      configuration.busyPoll = .microseconds(microseconds)
      return nil
    },
    Key(name: "allow-uid", argument: "USER", repeatable: true) { value, configuration, _ in
      guard let uid = PeerPolicy.userID(value) else {
        return "no user \"\(value)\" (give a user name or a numeric uid)"
      }
      configuration.peers.allowedUsers.insert(uid)
      return nil
    },
    Key(name: "allow-group", argument: "GROUP", repeatable: true) { value, configuration, _ in
      guard let gid = PeerPolicy.groupID(value) else {
        return "no group \"\(value)\" (give a group name or a numeric gid)"
      }
      configuration.peers.allowedGroups.insert(gid)
      return nil
    },
  ]

  /// Whether `name` is a setting.
  public static func isKey(_ name: String) -> Bool { keys.contains { $0.name == name } }

  /// Builds the configuration: `defaults`, then the file's settings, then the command line's.
  ///
  /// A setting on the command line wins over the file; for a repeatable setting (`session`,
  /// `allow-uid`, `allow-group`) the command line's list replaces the file's. Sessions given
  /// anywhere replace the default `main=app`.
  public static func configuration(
    defaults: Server.Configuration, file: [Setting], flags: [Setting], features: [String]
  ) throws(ConfigurationError) -> Server.Configuration {
    let flagKeys = Set(flags.map(\.key))
    let fileSettings = file.filter { setting in
      !(flagKeys.contains(setting.key) && keys.first { $0.name == setting.key }!.repeatable)
    }
    var configuration = defaults
    let all = fileSettings + flags
    if all.contains(where: { $0.key == "session" }) { configuration.sessions = [] }
    let context = Context(features: features)
    for setting in all {
      guard let key = keys.first(where: { $0.name == setting.key }) else {
        throw ConfigurationError("\(setting.origin): unknown setting \"\(setting.key)\"")
      }
      if let problem = key.apply(setting.value, &configuration, context) {
        let what =
          setting.origin.hasPrefix("--")
          ? "\(setting.origin) \(setting.value)"
          : "\(setting.origin): \(key.name) \(setting.value)"
        throw ConfigurationError("\(what): \(problem)")
      }
    }
    return configuration
  }
}
