// HostCommandLine: a NavHost's subcommands — what each is, its help, and the dispatch to it.

import Foundation
import NavScript

/// The command line of a ``NavHost`` program.
struct HostCommandLine {
  /// The features the program hosts.
  let features: [NavFeature]
  /// The subcommand run when the arguments name none.
  let defaultCommand: String?

  /// The subcommands that run locally, with what they do.
  static let localCommands: [(name: String, arguments: String, summary: String)] = [
    ("serve", "[options]", "run the daemon: sessions of the features over a Unix socket"),
    ("test", "[options] [paths…]", "run Lua scenarios (*_spec.lua) in process"),
    ("explore", "FEATURE [options]", "walk a feature's screens and report what goes wrong"),
    ("features", "[--verbose]", "list the features scripts and sessions can launch"),
    ("completion", "bash|zsh", "print a shell completion script"),
    ("man", "", "print the manual page (roff)"),
    ("help", "[COMMAND]", "show this help, or a command's"),
  ]

  /// Every subcommand's name: the local ones, then the remote ones, sorted.
  static var commandNames: [String] {
    localCommands.map(\.name) + RemoteCommands.commands.keys.sorted()
  }

  /// The overview: every subcommand in a line.
  var usage: String {
    let program = Program.name
    var lines = ["usage: \(program) <command> [options]", ""]
    if let defaultCommand {
      lines += [
        "Without a command, \(program) runs `\(program) \(defaultCommand)` with the options given.",
        "",
      ]
    }
    lines.append("Local commands:")
    for command in Self.localCommands {
      lines.append(Self.line(command.name + " " + command.arguments, command.summary))
    }
    lines += [
      "", "Commands against a running daemon (options: --socket PATH, --session NAME, --json):",
    ]
    for name in RemoteCommands.commands.keys.sorted() {
      let command = RemoteCommands.commands[name]!
      lines.append(Self.line(name + " " + command.arguments, command.summary))
    }
    lines += [
      "",
      "Each command's own help: \(program) COMMAND --help (no daemon needed). An option a command",
      "does not take is a usage error. Without --session, a command acts on the session attached",
      "to, else main, else the daemon's only session when it holds one.",
      "",
      "The socket is --socket, else $NAVD_SOCKET, else the daemon's default ($RUNTIME_DIRECTORY,",
      "$XDG_RUNTIME_DIR/navd, /run/navd: control.sock), falling back to the system daemon's",
      "/run/navd/control.sock when nothing is at the default.",
      "",
      "Exit status: 0 on success (test: every selected scenario passed); 1 when a scenario failed or",
      "the daemon answered with an error; 2 on a usage error; 3 when the daemon cannot be reached.",
      "--version prints the version.",
    ]
    return lines.joined(separator: "\n")
  }

  private static func line(_ left: String, _ right: String) -> String {
    let left = left.trimmingCharacters(in: .whitespaces)
    guard left.count < 26 else { return "  \(left)\n" + String(repeating: " ", count: 28) + right }
    return "  " + left.padding(toLength: 26, withPad: " ", startingAt: 0) + right
  }

  /// How `serve` is run, for its usage and messages: `navd` when it is the default, else
  /// `myapp-nav serve`.
  var serveInvocation: String {
    defaultCommand == "serve" ? Program.name : "\(Program.name) serve"
  }

  /// Runs the subcommand `arguments` name; returns the exit status.
  func run(_ arguments: [String]) -> Int32 {
    let arguments = Self.commandFirst(arguments)
    guard let first = arguments.first else {
      if let defaultCommand { return run(defaultCommand, []) }
      standardError(usage)
      return 2
    }
    switch first {
    case "-h", "--help":
      if let defaultCommand { return run(defaultCommand, arguments) }
      print(usage)
      return 0
    case "help":
      guard let topic = arguments.dropFirst().first else {
        print(usage)
        return 0
      }
      return run(topic, ["--help"])
    case "--version", "version":
      print("\(Program.name) \(navdVersion)")
      return 0
    case let name where Self.commandNames.contains(name):
      return run(name, Array(arguments.dropFirst()))
    default:
      if let defaultCommand, first.hasPrefix("-") { return run(defaultCommand, arguments) }
      standardError(
        "\(Program.name): unknown command '\(first)'\nRun \(Program.name) --help for usage.")
      return 2
    }
  }

  /// Runs subcommand `name` with the arguments after it.
  private func run(_ name: String, _ arguments: [String]) -> Int32 {
    switch name {
    case "serve":
      return ServeCommand.run(arguments, features: features, invocation: serveInvocation)
    case "test":
      return TestCommand.run(arguments, features: features)
    case "explore":
      return ExploreCommand.run(arguments, features: features)
    case "features":
      return FeaturesCommand.run(arguments, features: features)
    case "completion":
      return CompletionCommand.run(arguments, features: features)
    case "man":
      return ManualCommand.run(arguments, host: self)
    case "help":
      print(usage)
      return 0
    case let remote where RemoteCommands.names.contains(remote):
      return RemoteCommands.run(remote, arguments)
    default:
      standardError(
        "\(Program.name): unknown command '\(name)'\nRun \(Program.name) --help for usage.")
      return 2
    }
  }

  /// The arguments with the remote commands' options that came before the command moved after
  /// it, so `navctl --socket PATH tap Save` works as `navctl tap Save --socket PATH` does.
  static func commandFirst(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var rest = arguments[...]
    while let first = rest.first, ["--socket", "--session", "--json"].contains(first) {
      leading.append(rest.removeFirst())
      if first != "--json", let value = rest.first {
        leading.append(value)
        rest.removeFirst()
      }
    }
    guard !leading.isEmpty, let command = rest.first, commandNames.contains(command) else {
      return arguments
    }
    return [command] + leading + rest.dropFirst()
  }
}
