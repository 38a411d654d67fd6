// The configuration file: `key value` lines whose keys are navd's long options without `--`, so
// one table (DaemonOptions) reads both the file and the command line.

import Foundation

/// One setting, from the configuration file or the command line.
public struct Setting: Equatable, Sendable {
  /// The option's name without `--`: `max-clients`.
  public var key: String
  /// Its value as written.
  public var value: String
  /// Where it was written, for errors: `--max-clients`, or `/etc/navd/navd.conf:12`.
  public var origin: String

  /// Creates a setting.
  public init(key: String, value: String, origin: String) {
    self.key = key
    self.value = value
    self.origin = origin
  }
}

/// Why the configuration could not be read or applied, in a sentence that says where.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, starting with where.
  public var description: String

  /// Creates the error.
  public init(_ description: String) { self.description = description }
}

/// Reads navd's configuration file.
///
/// ```
/// # /etc/navd/navd.conf
/// session main=app
/// session demo = navigation
/// durability always
/// allow-group navd
/// ```
///
/// One setting per line: a key, then its value after spaces or `=`. Blank lines and lines
/// starting with `#` are ignored. Keys are the long options of `navd --help` without `--`.
public enum ConfigurationFile {
  /// Where navd looks when `--config` is not given; used only when the file exists.
  public static let defaultPath = "/etc/navd/navd.conf"

  /// The settings in `text`, read from `path`.
  public static func parse(_ text: String, path: String) throws(ConfigurationError) -> [Setting] {
    var settings: [Setting] = []
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let origin = "\(path):\(offset + 1)"
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let keyEnd = line.firstIndex { $0 == " " || $0 == "\t" || $0 == "=" } ?? line.endIndex
      let key = String(line[..<keyEnd])
      var rest = line[keyEnd...].drop { $0 == " " || $0 == "\t" }
      if rest.first == "=" { rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" } }
      let value = String(rest).trimmingCharacters(in: .whitespaces)
      guard DaemonOptions.keys.contains(where: { $0.name == key }) else {
        throw ConfigurationError(
          "\(origin): unknown setting \"\(key)\"; the settings are "
            + DaemonOptions.keys.map(\.name).joined(separator: ", "))
      }
      guard !value.isEmpty else {
        throw ConfigurationError("\(origin): \(key) needs a value")
      }
      settings.append(Setting(key: key, value: value, origin: origin))
    }
    return settings
  }

  /// The settings in the file at `path`.
  public static func read(path: String) throws(ConfigurationError) -> [Setting] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigurationError("cannot read the configuration file \(path)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigurationError("\(path): the configuration file is not UTF-8 text")
    }
    return try parse(text, path: path)
  }
}
