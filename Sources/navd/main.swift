// navd: serves navigation sessions to clients over a Unix-socket JSON-RPC control channel.

import Foundation
import NavProtocol
import NavScript
import NavServer
import ScriptedCaseStudies

let usage = """
  usage: navd [--socket PATH] [--session NAME[=FEATURE]]… [--max-clients N]
              [--max-message-bytes N] [--max-queued-bytes N] [--log-level LEVEL]

  Runs navigation sessions of the case-study features and serves them over a Unix socket
  (JSON-RPC 2.0, one message per line; see docs/protocol.md). Runs in the foreground and logs
  to standard error.

  options:
    --socket PATH            the control socket (default: $RUNTIME_DIRECTORY/control.sock under
                             systemd, else $XDG_RUNTIME_DIR/navd/control.sock, else
                             /run/navd/control.sock); created 0600
    --session NAME[=FEATURE] open a session at start (repeatable; default: main=app); FEATURE
                             is one of: \(ScriptFeature.caseStudies.map(\.name).joined(separator: ", "))
    --max-clients N          clients connected at once (default 64); more get error -32007
    --max-message-bytes N    the longest request line (default 1048576); longer closes the client
    --max-queued-bytes N     bytes that may wait for a client that does not read (default
                             8388608); past it the client is disconnected, with the reason logged
    --log-level LEVEL        error, warning, info (default) or debug
    --help                   print this text
    --version                print the version

  Stop it with SIGTERM or SIGINT (Ctrl-C): clients are disconnected and the socket file removed.
  """

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("navd: \(message)\nRun navd --help for usage.\n".utf8))
  exit(2)
}

var configuration = Server.Configuration(
  socketPath: ControlSocket.defaultPath(environment: ProcessInfo.processInfo.environment))
var sessions: [(name: String, feature: String)] = []
var logLevel = Logger.Level.info
var arguments = CommandLine.arguments.dropFirst()
@MainActor func value(for flag: String) -> String {
  guard let value = arguments.popFirst() else { fail("\(flag) needs a value") }
  return value
}
while let argument = arguments.popFirst() {
  switch argument {
  case "--help", "-h":
    print(usage)
    exit(0)
  case "--version":
    print("navd \(navdVersion)")
    exit(0)
  case "--socket": configuration.socketPath = value(for: argument)
  case "--session":
    let text = value(for: argument)
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard let name = parts.first, !name.isEmpty else { fail("--session needs NAME[=FEATURE]") }
    let feature = parts.count > 1 ? parts[1] : "app"
    guard ScriptFeature.caseStudies.contains(where: { $0.name == feature }) else {
      fail("--session \(text): no feature named \"\(feature)\"")
    }
    sessions.append((name, feature))
  case "--max-clients":
    guard let count = Int(value(for: argument)), count > 0 else {
      fail("--max-clients needs a positive number")
    }
    configuration.maximumClients = count
  case "--max-message-bytes":
    guard let count = Int(value(for: argument)), count >= 64 else {
      fail("--max-message-bytes needs a number of at least 64")
    }
    configuration.maximumMessageBytes = count
  case "--max-queued-bytes":
    guard let count = Int(value(for: argument)), count >= 1024 else {
      fail("--max-queued-bytes needs a number of at least 1024")
    }
    configuration.maximumQueuedBytes = count
  case "--log-level":
    let name = value(for: argument)
    guard let level = Logger.Level(name: name) else {
      fail("--log-level must be error, warning, info or debug, not \(name)")
    }
    logLevel = level
  default:
    fail("unknown option '\(argument)'")
  }
}
if !sessions.isEmpty { configuration.sessions = sessions }

let log = Logger(level: logLevel)
let server: Server
do {
  server = try Server(
    configuration: configuration, features: ScriptFeature.caseStudies, log: log)
  try server.start()
} catch {
  log.error("cannot start: \(error)")
  exit(1)
}

signal(SIGTERM, SIG_IGN)
signal(SIGINT, SIG_IGN)
signal(SIGPIPE, SIG_IGN)
var signalSources: [DispatchSourceSignal] = []
for number in [SIGTERM, SIGINT] {
  let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
  source.setEventHandler {
    log.info("stopping (\(number == SIGTERM ? "SIGTERM" : "SIGINT"))")
    server.stop()
    exit(0)
  }
  source.resume()
  signalSources.append(source)
}
dispatchMain()
