// RemoteCommand: one command against a running navd — how it is called, and what it does once
// connected.

import NavClient
import NavProtocol

/// One command against a running navd: how it is called, and what it does with a connected
/// client.
///
/// Each command is a type of its own in `Remote/Commands/`, named after it (`send` is
/// `SendCommand`); ``RemoteCommands/all`` lists them, and the help, the shell completions and the
/// manual page read their ``usage``, written as the help reads.
protocol RemoteCommand {
  /// How it is called, what it does, and the options it takes beyond the shared ones.
  static var usage: RemoteUsage { get }
  /// Runs the command on a connected client; returns the exit status.
  ///
  /// A `UsageError` is a misuse of the command (exit 2); a `RemoteError` is navd's answer or its
  /// absence.
  static func perform(_ invocation: RemoteInvocation) throws -> Int32
}

extension RemoteCommand {
  /// The name typed after the program's (`navctl send`): the first word of the usage line.
  static var name: String { usage.name }
}

/// How a remote command is called, written as its help reads: the usage line, the summary, then
/// an option a line.
///
/// ```swift
/// static let usage: RemoteUsage = """
///   history
///   the session's history: each action, who sent it, when, what it changed
///     --limit N   the last N entries (default 20)
///     --follow    go on printing entries as they come, until Ctrl-C
///   """
/// ```
///
/// The usage line is the command's name and its arguments; an option's line is its flag, the
/// name of its value if it takes one, then, after two spaces or more, what it does.
struct RemoteUsage: ExpressibleByStringLiteral {
  /// The command's name.
  var name: String
  /// The arguments after the command's name, as its usage line shows them.
  var arguments: String
  /// What it does, in a sentence.
  var summary: String
  /// Its own options, with their values' names (`""` for a flag without a value).
  var options: [(name: String, value: String, help: String)]

  /// Reads a usage written as its help reads.
  init(stringLiteral text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
    let usageLine = lines.popFirst() ?? ""
    let words = usageLine.split(separator: " ", maxSplits: 1)
    name = words.first.map(String.init) ?? ""
    arguments = words.count > 1 ? String(words[1]) : ""
    summary = lines.popFirst().map(String.init) ?? ""
    options = lines.map { line in
      let trimmed = line.drop(while: { $0 == " " })
      let gap = trimmed.firstRange(of: "  ")
      let flag = gap.map { trimmed[..<$0.lowerBound] } ?? trimmed
      let help = gap.map { trimmed[$0.upperBound...].drop(while: { $0 == " " }) } ?? ""
      let parts = flag.split(separator: " ", maxSplits: 1)
      return (
        String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "", String(help)
      )
    }
  }
}

/// A remote command as it was called: its options and arguments, and the client connected to
/// navd.
struct RemoteInvocation {
  /// The options, shared and the command's own, and the positional arguments.
  let options: RemoteOptions
  /// The client, connected to navd's socket.
  let client: RemoteClient

  /// The positional arguments.
  var arguments: [String] { options.positional }

  /// The parameters every request starts from: the session, when one was named.
  var params: JSONObject {
    var params: JSONObject = [:]
    if let session = options.session { params["session"] = .string(session) }
    return params
  }

  /// Attaches the client to the named session, if one was named, so that what it evaluates in
  /// its Lua state sees that session as `session`.
  func attachNamedSession() throws(RemoteError) {
    if let session = options.session {
      _ = try client.call("session.attach", ["name": .string(session)])
    }
  }
}
