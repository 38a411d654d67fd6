// Where a daemon's configuration comes from: read at start, and again on every reload.

import Foundation

/// The defaults, the configuration file and the command line's settings, in that order of
/// precedence from low to high: what a daemon reads at start and again on `SIGHUP`.
public struct ConfigurationSource: Sendable {
  /// The settings before any file or flag (they depend on where the daemon runs).
  public var defaults: Server.Configuration
  /// The configuration file given with `--config`; without one, the default file when it exists.
  public var path: String?
  /// The command line's settings, applied over the file's.
  public var flags: [Setting]
  /// The features a `session` setting may name.
  public var features: [String]

  /// Creates a source.
  public init(
    defaults: Server.Configuration, path: String?, flags: [Setting], features: [String]
  ) {
    self.defaults = defaults
    self.path = path
    self.flags = flags
    self.features = features
  }

  /// Reads the configuration file (when there is one) and applies the command line over it.
  public func load() throws(ConfigurationError) -> Server.Configuration {
    var file: [Setting] = []
    if let path {
      file = try ConfigurationFile.read(path: path)
    } else if FileManager.default.fileExists(atPath: ConfigurationFile.defaultPath) {
      file = try ConfigurationFile.read(path: ConfigurationFile.defaultPath)
    }
    return try DaemonOptions.configuration(
      defaults: defaults, file: file, flags: flags, features: features)
  }
}
