// What a running navd is set to: its socket, sessions, limits, state and who may connect.

import Foundation
import Glibc
import NavHosting

extension Server {
  /// A session the daemon opens at start: its name and the feature it runs.
  public struct SessionSpec: Equatable, Sendable {
    /// The session's name.
    public var name: String
    /// The feature's name, as in `navd --help`.
    public var feature: String

    /// Creates the spec of session `name` running `feature`.
    public init(name: String, feature: String) {
      self.name = name
      self.feature = feature
    }
  }

  /// The daemon's settings, from defaults, the configuration file and the command line.
  public struct Configuration: Equatable, Sendable {
    /// Where the control socket is created (when it is not passed by socket activation).
    public var socketPath: String
    /// The permissions of a socket file the daemon creates.
    public var socketMode: UInt32 = 0o600
    /// The sessions opened at start.
    public var sessions: [SessionSpec] = [SessionSpec(name: "main", feature: "app")]
    /// How many clients may be connected at once.
    public var maximumClients = 64
    /// The longest request line accepted, in bytes.
    public var maximumMessageBytes = 1 << 20
    /// How many bytes may wait for a client that does not read before it is disconnected.
    public var maximumQueuedBytes = 8 << 20
    /// How many Lua VM instructions one request's scripts may run.
    public var scriptInstructionBudget = 50_000_000
    /// How much memory one client's Lua state may hold, in bytes.
    public var clientMemoryLimit = 32 << 20
    /// The longest `store.await` / `await` a request may ask for, in seconds.
    public var maximumAwaitSeconds = 300.0
    /// How much is logged.
    public var logLevel = Logger.Level.info
    /// Where sessions' state is saved; `nil` saves nothing.
    public var stateDirectory: String?
    /// When state is saved.
    public var durability = Durability.batch
    /// The longest a change waits to be saved under ``Durability/batch``.
    public var durabilityDelay = Duration.milliseconds(100)
    /// Who may connect besides the daemon's own user and root.
    public var peers = PeerPolicy()
    /// The longest the I/O loop polls for work before it sleeps: answers sooner while clients
    /// are busy, for CPU time spent polling (0 never polls).
    public var busyPoll = Duration.microseconds(50)
    /// How many history entries each session keeps (`--history`; 0 keeps none).
    public var history = LaunchOptions.defaultHistory
    /// The values `busy-poll-us` may take, in microseconds.
    public static let busyPollMicroseconds = 0...1_000
    /// How long a stop waits for requests in flight to be answered before it goes on.
    public var stopTimeout = Duration.seconds(5)

    /// Creates the default configuration, serving `socketPath`.
    public init(socketPath: String) { self.socketPath = socketPath }

    /// The settings a reload cannot change in a running daemon, with their names, where `other`
    /// differs from this configuration.
    public func settingsNeedingRestart(toBecome other: Configuration) -> [String] {
      var names: [String] = []
      if socketPath != other.socketPath { names.append("socket") }
      if socketMode != other.socketMode { names.append("socket-mode") }
      if stateDirectory != other.stateDirectory { names.append("state-dir") }
      return names
    }
  }
}
