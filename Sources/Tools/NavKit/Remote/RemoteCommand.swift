// RemoteCommand: one command against a running navd — how it is called, and what it does once
// connected.

import NavClient
import NavProtocol

/// One command against a running navd: how it is called, and what it does with a connected
/// client.
///
/// Each command is a type of its own in `Remote/Commands/`, named after it (`send` is
/// `SendCommand`); ``RemoteCommands/all`` lists them, and the help, the shell completions and the
/// manual page read their ``usage``.
protocol RemoteCommand {
  /// The name typed after the program's: `navctl send`.
  static var name: String { get }
  /// How it is called, what it does, and the options it takes beyond the shared ones.
  static var usage: RemoteUsage { get }
  /// Runs the command on a connected client; returns the exit status.
  ///
  /// A `UsageError` is a misuse of the command (exit 2); a `RemoteError` is navd's answer or its
  /// absence.
  static func perform(_ invocation: RemoteInvocation) throws -> Int32
}

/// How a remote command is called: its arguments, what it does, and its own options.
struct RemoteUsage {
  /// The arguments after the command's name, as its usage line shows them.
  var arguments: String
  /// What it does, in a sentence.
  var summary: String
  /// Its own options, with their values' names (`""` for a flag without a value).
  var options: [(name: String, value: String, help: String)] = []
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
