// ServeCommand: `HOST serve` (navd itself) — the daemon: sessions of the host's features served
// over a Unix-socket JSON-RPC control channel, with systemd's protocols.

import Foundation
import NavProtocol
import NavScript
import NavServer

/// `HOST serve [options]`: runs the daemon in the foreground until SIGTERM or SIGINT.
enum ServeCommand {
  /// The usage text; `invocation` is how the command is run (`navd`, `myapp-nav serve`).
  static func usage(invocation: String, features: [String]) -> String {
    let pad = String(repeating: " ", count: invocation.count + 8)
    let listed = features.chunked(by: 6).map { $0.joined(separator: ", ") }
      .joined(separator: ",\n                             ")
    return """
      usage: \(invocation) [--check-config] [--config PATH] [--socket PATH] [--socket-mode MODE]
      \(pad)[--session NAME[=FEATURE]]… [--state-dir DIR] [--durability always|batch|off]
      \(pad)[--durability-delay-ms N]
      \(pad)[--allow-uid USER]… [--allow-group GROUP]… [--max-clients N]
      \(pad)[--max-message-bytes N] [--max-queued-bytes N] [--busy-poll-us N]
      \(pad)[--history N] [--log-level LEVEL]

      Runs navigation sessions of the features of \(Program.name) and serves them over a Unix
      socket (JSON-RPC 2.0, one message per line; see docs/protocol.md). Runs in the foreground and
      logs to standard error (with journald priorities under systemd). See docs/operations.md.

      options:
        --config PATH            read settings from PATH (default: \(ConfigurationFile.defaultPath) when
                                 it exists); each line is a setting below without "--", such as
                                 "max-clients 32"; options given here override the file
        --socket PATH            the control socket (default: $RUNTIME_DIRECTORY/control.sock under
                                 systemd, else $XDG_RUNTIME_DIR/navd/control.sock, else
                                 /run/navd/control.sock); a socket passed by socket activation
                                 ($LISTEN_FDS) is used instead when there is one
        --socket-mode MODE       permissions of the socket file navd creates (default 0600)
        --session NAME[=FEATURE] open a session at start (repeatable; default: main=\(features.first ?? "app")); FEATURE
                                 is one of: \(listed)
        --state-dir DIR          save sessions' state in DIR and restore it at start (default:
                                 $STATE_DIRECTORY under systemd, else no saving)
        --durability MODE        when state is saved: always (before each change is answered),
                                 batch (default: within --durability-delay-ms), off (at stop)
        --durability-delay-ms N  the longest a change waits to be saved with batch (default 100)
        --allow-uid USER         also let USER (name or uid) connect (repeatable); navd's own user
                                 and root always may
        --allow-group GROUP      also let members of GROUP (name or gid) connect (repeatable)
        --max-clients N          clients connected at once (default 64); more get error -32007
        --max-message-bytes N    the longest request line (default 1048576); longer closes the client
        --max-queued-bytes N     bytes that may wait for a client that does not read (default
                                 8388608); past it the client is disconnected, with the reason logged
        --busy-poll-us N         how long the I/O loop polls for the next request before it
                                 sleeps, 0-1000 microseconds (default 50): while clients are busy it
                                 answers without a kernel wake-up, for CPU time; adapts to the
                                 traffic, and 0 turns it off
        --history N              history entries each session keeps for session.history, jump
                                 and export (default 10000; 0 keeps none); see docs/devtools.md
        --log-level LEVEL        error, warning, info (default) or debug
        --check-config           check the configuration file and options, print the settings
                                 they give, and exit (0 when valid, 2 when not)
        --help                   print this text
        --version                print the version

      Signals: SIGTERM or SIGINT stop it gracefully (requests in flight answered, clients sent
      event.shutdown, state saved, socket file removed unless socket activation made it); SIGHUP
      reloads the configuration file (a bad file keeps the running configuration).
      """
  }

  /// Runs the daemon; returns only with the exit status of a failure or of `--help`.
  static func run(_ arguments: [String], features: [NavFeature], invocation: String) -> Int32 {
    // First of all: from here on the stop and reload signals are caught, and wait until handled.
    let signals: Signals
    do {
      signals = try Signals.catching([SIGTERM, SIGINT, SIGHUP])
    } catch {
      standardError("\(invocation): cannot catch signals: \(error)")
      return 1
    }
    let featureNames = features.map(\.name)
    func fail(_ message: String) -> Int32 {
      standardError("\(invocation): \(message)\nRun \(invocation) --help for usage.")
      return 2
    }

    // MARK: Command line

    let environment = ProcessInfo.processInfo.environment
    var flags: [Setting] = []
    var configPath: String?
    var checkOnly = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--help", "-h":
        print(usage(invocation: invocation, features: featureNames))
        return 0
      case "--version":
        print("\(Program.name) \(navdVersion)")
        return 0
      case "--check-config":
        checkOnly = true
      default:
        guard argument.hasPrefix("--") else { return fail("unexpected argument '\(argument)'") }
        var name = String(argument.dropFirst(2))
        var value: String?
        if let equals = name.firstIndex(of: "=") {
          value = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        guard name == "config" || DaemonOptions.isKey(name) else {
          return fail("unknown option '--\(name)'")
        }
        guard let given = value ?? rest.popFirst() else { return fail("--\(name) needs a value") }
        if name == "config" {
          configPath = given
        } else {
          flags.append(Setting(key: name, value: given, origin: "--\(name)"))
        }
      }
    }

    // The defaults depend on where the daemon runs (systemd's directories when it sets them).
    var defaults = Server.Configuration(
      socketPath: ControlSocket.defaultPath(environment: environment))
    if let first = featureNames.first {
      defaults.sessions = [Server.SessionSpec(name: "main", feature: first)]
    }
    if let directory = environment["STATE_DIRECTORY"], !directory.isEmpty {
      // systemd may list several directories, separated by colons: the first is navd's.
      defaults.stateDirectory = String(directory.split(separator: ":").first ?? "")
    }

    // Where the configuration comes from: read at start, and again on SIGHUP.
    let source = ConfigurationSource(
      defaults: defaults, path: configPath, flags: flags, features: featureNames)
    let configuration: Server.Configuration
    do {
      configuration = try source.load()
    } catch {
      return fail("\(error)")
    }
    if checkOnly {
      print(
        """
        \(invocation): the configuration is valid
          socket \(configuration.socketPath) (mode 0\(String(configuration.socketMode, radix: 8)))
          sessions \(configuration.sessions.map { "\($0.name)=\($0.feature)" }.joined(separator: " "))
          state-dir \(configuration.stateDirectory ?? "(none: nothing is saved)")
          durability \(configuration.durability.rawValue), delay \(configuration.durabilityDelay)
          allowed \(configuration.peers.summary)
          max-clients \(configuration.maximumClients), max-message-bytes \(configuration.maximumMessageBytes), max-queued-bytes \(configuration.maximumQueuedBytes)
          busy-poll-us \(Int(configuration.busyPoll / .microseconds(1)))
          history \(configuration.history)
          log-level \(configuration.logLevel)
        """)
      return 0
    }

    // MARK: Starting

    let log = Logger(
      level: configuration.logLevel,
      journalFormat: Logger.standardErrorIsJournal(environment: environment))
    let server: Server
    do {
      server = try Server(
        configuration: configuration, features: features.map(\.scriptFeature), log: log)
    } catch {
      log.error("cannot start: \(error)")
      return 1
    }

    // MARK: Signals

    signal(SIGPIPE, SIG_IGN)
    signals.handle(on: .main) { number in
      switch number {
      case SIGHUP:
        server.reload(from: source)
      default:
        let name = number == SIGTERM ? "SIGTERM" : "SIGINT"
        log.info("stopping (\(name))")
        server.stop(reason: "the daemon is stopping (\(name))")
        exit(0)
      }
    }

    // MARK: Serving

    // Signals are handled from before READY=1: systemd may send SIGTERM or SIGHUP the moment it
    // reads it. One that arrives while sessions are restored waits, pending, for the main queue,
    // which runs once the daemon serves.
    do {
      let activated = try SocketActivation.takeControlSocket()
      try server.start(
        activatedSocket: activated,
        watchdogInterval: SystemdNotifier.watchdogInterval(environment: environment, pid: getpid()))
    } catch {
      log.error("cannot start: \(error)")
      return 1
    }
    // The main queue handles the signals that stop the daemon. A host's command runs on a
    // thread of its own while the main thread serves that queue (NavHost.main): this thread
    // only waits.
    if Thread.isMainThread { dispatchMain() }
    while true { DispatchSemaphore(value: 0).wait() }
  }
}

extension Array {
  /// The elements in runs of `size`, the last one shorter.
  fileprivate func chunked(by size: Int) -> [[Element]] {
    stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
  }
}
