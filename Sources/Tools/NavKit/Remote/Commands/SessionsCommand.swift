// `sessions`: the daemon's sessions, their features and versions.

import NavProtocol

/// Prints a line per session: its name, feature, version and subscribers, and whether its last
/// save failed.
enum SessionsCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    sessions
    the sessions, their features and versions
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let sessions = try invocation.client.call("session.list")
    if invocation.options.json { return RemoteCommands.output(sessions) }
    for session in sessions.arrayValue ?? [] {
      print(
        "\(session["name"]?.stringValue ?? "?")\t\(session["feature"]?.stringValue ?? "?")\t"
          + "version \(session["version"]?.intValue ?? 0)\t"
          + "\(session["subscribers"]?.intValue ?? 0) subscriber(s)"
          + (session["saved"]?.boolValue == false
            ? "\tunsaved: \(session["saveError"]?.stringValue ?? "the last save failed")" : ""))
    }
    return 0
  }
}
