// The daemon: the control socket, the I/O loop, the sessions and the clients, and the routing of
// each request to its method.

import CNavSys
import Foundation
import Glibc
import NavProtocol
import NavHosting
import NavTransport
import NavValue
import Synchronization

/// A running navd: sessions served to clients over a Unix-socket JSON-RPC channel.
public final class Server: @unchecked Sendable {
  let features: [ScriptFeature]
  let log: Logger
  let started = Date()
  /// Where readiness, status and watchdog pings go (nowhere outside systemd).
  let notifier: SystemdNotifier

  let loop: EventLoop
  /// The connections refused and being drained (loop thread only).
  let refusals: Refusals
  var listener: UnixListener?
  let lock = NSLock()
  // The mutable properties marked `@exclusivity(unchecked)` are only touched under `lock`,
  // which already rules out overlapping accesses: the run-time exclusivity check (a
  // thread-local lookup in the Swift runtime, ~80 instructions) is dropped on these hot paths.
  @exclusivity(unchecked) var _configuration: Configuration
  @exclusivity(unchecked) var sessions: [String: Session] = [:]
  @exclusivity(unchecked) var sessionOrder: [String] = []
  @exclusivity(unchecked) var clients: [Int: Client] = [:]
  @exclusivity(unchecked) var nextClientID = 1
  @exclusivity(unchecked) var nextSubscriptionID = 1
  var persistence: StatePersistence?
  @exclusivity(unchecked) var _lifecycle = Lifecycle.created
  /// The requests queued or running on clients' queues: a stop waits for them to finish.
  let requestsInFlight = DispatchGroup()
  /// Counts the sessions opened and closed, so that a cached lookup knows it still holds.
  let sessionsGeneration = Atomic(0)

  /// Why each feature whose saved state cannot be restored cannot, by name.
  ///
  /// Its sessions run unsaved. Empty without a state directory.
  let unrestorable: [String: String]

  /// Creates a server for `features`; nothing listens until ``start()``.
  ///
  /// `notifier` receives the sd_notify messages; by default it is the one `$NOTIFY_SOCKET`
  /// names.
  public init(
    configuration: Configuration, features: [ScriptFeature], log: Logger,
    notifier: SystemdNotifier = SystemdNotifier(environment: ProcessInfo.processInfo.environment)
  ) throws {
    self._configuration = configuration
    self.features = features
    // Asked only when state is saved (a reload keeps the state directory it started with): the
    // check launches each feature's initial state through its value paths.
    self.unrestorable =
      configuration.stateDirectory == nil
      ? [:]
      : Dictionary(
        features.compactMap { feature in feature.restoreProblem.map { (feature.name, $0) } },
        uniquingKeysWith: { first, _ in first })
    self.log = log
    self.notifier = notifier
    self.loop = try EventLoop(busyPoll: configuration.busyPoll)
    self.refusals = Refusals(loop: loop)
    log.level = configuration.logLevel
  }

  /// The settings in force (a reload changes them).
  public var configuration: Configuration { lock.withLock { _configuration } }
}
