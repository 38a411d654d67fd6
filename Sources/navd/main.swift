// navd: serves navigation sessions to clients over a Unix-socket JSON-RPC control channel.

import Foundation
import NavProtocol
import NavScript
import NavServer
import ScriptedCaseStudies

// First of all: from here on the stop and reload signals are caught, and wait until handled.
let signals: Signals
do {
  signals = try Signals.catching([SIGTERM, SIGINT, SIGHUP])
} catch {
  FileHandle.standardError.write(Data("navd: cannot catch signals: \(error)\n".utf8))
  exit(1)
}

let featureNames = ScriptFeature.caseStudies.map(\.name)

let usage = """
  usage: navd [--check-config] [--config PATH] [--socket PATH] [--socket-mode MODE]
              [--session NAME[=FEATURE]]… [--state-dir DIR] [--durability always|batch|off]
              [--durability-delay-ms N]
              [--allow-uid USER]… [--allow-group GROUP]… [--max-clients N]
              [--max-message-bytes N] [--max-queued-bytes N] [--busy-poll-us N]
              [--log-level LEVEL]

  Runs navigation sessions of the case-study features and serves them over a Unix socket
  (JSON-RPC 2.0, one message per line; see docs/protocol.md). Runs in the foreground and logs
  to standard error (with journald priorities under systemd). See docs/operations.md.

  options:
    --config PATH            read settings from PATH (default: \(ConfigurationFile.defaultPath) when
                             it exists); each line is a setting below without "--", such as
                             "max-clients 32"; options given here override the file
    --socket PATH            the control socket (default: $RUNTIME_DIRECTORY/control.sock under
                             systemd, else $XDG_RUNTIME_DIR/navd/control.sock, else
                             /run/navd/control.sock); a socket passed by socket activation
                             ($LISTEN_FDS) is used instead when there is one
    --socket-mode MODE       permissions of the socket file navd creates (default 0600)
    --session NAME[=FEATURE] open a session at start (repeatable; default: main=app); FEATURE
                             is one of: \(featureNames.prefix(3).joined(separator: ", ")),
                             \(featureNames.dropFirst(3).joined(separator: ", "))
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
    --log-level LEVEL        error, warning, info (default) or debug
    --check-config           check the configuration file and options, print the settings
                             they give, and exit (0 when valid, 2 when not)
    --help                   print this text
    --version                print the version

  Signals: SIGTERM or SIGINT stop it gracefully (requests in flight answered, clients sent
  event.shutdown, state saved, socket file removed unless socket activation made it); SIGHUP
  reloads the configuration file (a bad file keeps the running configuration).
  """

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("navd: \(message)\nRun navd --help for usage.\n".utf8))
  exit(2)
}

// MARK: - Command line

let environment = ProcessInfo.processInfo.environment
var flags: [Setting] = []
var configPath: String?
var checkOnly = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--help", "-h":
    print(usage)
    exit(0)
  case "--version":
    print("navd \(navdVersion)")
    exit(0)
  case "--check-config":
    checkOnly = true
  default:
    guard argument.hasPrefix("--") else { fail("unexpected argument '\(argument)'") }
    var name = String(argument.dropFirst(2))
    var value: String?
    if let equals = name.firstIndex(of: "=") {
      value = String(name[name.index(after: equals)...])
      name = String(name[..<equals])
    }
    guard name == "config" || DaemonOptions.isKey(name) else {
      fail("unknown option '--\(name)'")
    }
    guard let given = value ?? arguments.popFirst() else { fail("--\(name) needs a value") }
    if name == "config" {
      configPath = given
    } else {
      flags.append(Setting(key: name, value: given, origin: "--\(name)"))
    }
  }
}

/// The defaults, which depend on where navd runs (systemd's directories when it sets them).
var defaults = Server.Configuration(socketPath: ControlSocket.defaultPath(environment: environment))
if let directory = environment["STATE_DIRECTORY"], !directory.isEmpty {
  // systemd may list several directories, separated by colons: the first is navd's.
  defaults.stateDirectory = String(directory.split(separator: ":").first ?? "")
}

/// Where the configuration comes from: read at start, and again on SIGHUP.
let source = ConfigurationSource(
  defaults: defaults, path: configPath, flags: flags, features: featureNames)

let configuration: Server.Configuration
do {
  configuration = try source.load()
} catch {
  fail("\(error)")
}

if checkOnly {
  print(
    """
    navd: the configuration is valid
      socket \(configuration.socketPath) (mode 0\(String(configuration.socketMode, radix: 8)))
      sessions \(configuration.sessions.map { "\($0.name)=\($0.feature)" }.joined(separator: " "))
      state-dir \(configuration.stateDirectory ?? "(none: nothing is saved)")
      durability \(configuration.durability.rawValue), delay \(configuration.durabilityDelay)
      allowed \(configuration.peers.summary)
      max-clients \(configuration.maximumClients), max-message-bytes \(configuration.maximumMessageBytes), max-queued-bytes \(configuration.maximumQueuedBytes)
      busy-poll-us \(Int(configuration.busyPoll / .microseconds(1)))
      log-level \(configuration.logLevel)
    """)
  exit(0)
}

// MARK: - Starting

let log = Logger(
  level: configuration.logLevel,
  journalFormat: Logger.standardErrorIsJournal(environment: environment))
let server: Server
do {
  server = try Server(
    configuration: configuration, features: ScriptFeature.caseStudies, log: log)
} catch {
  log.error("cannot start: \(error)")
  exit(1)
}

// MARK: - Signals

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

// MARK: - Serving

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
  exit(1)
}
dispatchMain()
