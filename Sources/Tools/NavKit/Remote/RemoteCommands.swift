// The commands against a running navd, navctl's and every NavHost's: the list of them (a file
// each in Commands/), the options they share, their help, and how one is run.

import Foundation
import NavClient

/// The remote commands and their shared options (`--socket`, `--session`, `--json`).
enum RemoteCommands {
  /// Every remote command, one type each.
  static var all: [any RemoteCommand.Type] {
    [
      StatusCommand.self, SessionsCommand.self, SendCommand.self, StateCommand.self,
      AwaitCommand.self, EvalCommand.self, RunCommand.self, AttachCommand.self,
      WatchCommand.self, ScreenCommand.self, TapCommand.self, TypeCommand.self, BackCommand.self,
      HistoryCommand.self, JumpCommand.self, ExportCommand.self, OpenCommand.self,
      RecordCommand.self, InspectCommand.self,
    ]
  }

  /// The commands' usages, by name.
  static let commands: [String: RemoteUsage] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.name, $0.usage) })

  /// The commands' names.
  static var names: Set<String> { Set(commands.keys) }

  /// The options every remote command takes.
  static let sharedOptions: [(name: String, value: String, help: String)] = [
    ("--socket", "PATH", "navd's control socket (default: $NAVD_SOCKET, else navd's default)"),
    ("--session", "NAME", "the session (default: the one attached, else main, else the only one)"),
    ("--json", "", "print navd's answers as JSON, and errors as a JSON object on stdout"),
    ("--help", "", "print this help"),
  ]

  /// The help of `command`: its usage line, what it does, its options.
  static func help(_ name: String) -> String {
    guard let command = commands[name] else { return "" }
    let options = command.options + sharedOptions
    let width =
      options.map { $0.name.count + ($0.value.isEmpty ? 0 : $0.value.count + 1) }
      .max() ?? 0
    var lines = [
      "usage: \(Program.name) \(name)\(command.arguments.isEmpty ? "" : " " + command.arguments) [options]",
      "",
    ]
    lines += wrapped(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".")
    lines += ["", "options:"]
    for option in options {
      let flag = option.name + (option.value.isEmpty ? "" : " " + option.value)
      lines.append(
        "  " + flag.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.help)
    }
    lines.append("")
    lines += wrapped(
      "Exit status: 0 on success, 1 when navd answers with an error, 2 on a usage error, 3 when "
        + "navd cannot be reached.")
    return lines.joined(separator: "\n")
  }

  /// Reads `command`'s arguments: its own options and the shared ones anywhere, the rest
  /// positional.
  static func parse(_ arguments: [String], for command: String) throws(UsageError)
    -> RemoteOptions
  {
    let accepted = Set(((commands[command]?.options ?? []) + sharedOptions).map(\.name))
    return try RemoteOptions(parsing: arguments, accepting: accepted)
  }

  /// Runs `command`; returns the exit status.
  static func run(_ command: String, _ arguments: [String]) -> Int32 {
    let options: RemoteOptions
    do {
      options = try parse(arguments, for: command)
    } catch {
      standardError(
        "\(Program.name) \(command): \(error.message)\nRun \(Program.name) \(command) --help for usage."
      )
      return 2
    }
    if options.help {
      print(help(command))
      return 0
    }
    guard let type = all.first(where: { $0.name == command }) else {
      standardError("\(Program.name): unknown command \(command)\nRun \(Program.name) --help.")
      return 2
    }
    do {
      let client = try RemoteClient(socketPath: options.socketPath)
      return try type.perform(RemoteInvocation(options: options, client: client))
    } catch let error as RemoteError {
      standardError("\(Program.name) \(command): \(error)")
      if options.json { output(errorObject(error)) }
      return error.exitStatus
    } catch let error as UsageError {
      standardError(
        "\(Program.name) \(command): \(error.message)\nRun \(Program.name) --help for usage.")
      return 2
    } catch {
      standardError("\(Program.name) \(command): \(error)")
      return 1
    }
  }
}
