// `status`: the daemon's version, uptime, sessions and clients.

import NavProtocol

/// Prints navd's version, how long it has been up, and its sessions and clients.
enum StatusCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    status
    the daemon's version, uptime, sessions and clients
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let status = try invocation.client.call("navd.status")
    if invocation.options.json { return RemoteCommands.output(status) }
    print(
      "navd \(status["version"]?.stringValue ?? "?"), up \(status["uptime"]?.doubleValue ?? 0) s, "
        + "\(status["sessions"]?.intValue ?? 0) session(s), \(status["clients"]?.intValue ?? 0) "
        + "client(s)")
    let unsaved = status["unsaved"]?.arrayValue?.compactMap(\.stringValue) ?? []
    if !unsaved.isEmpty {
      print("unsaved (the last save failed): " + unsaved.joined(separator: ", "))
    }
    return 0
  }
}
