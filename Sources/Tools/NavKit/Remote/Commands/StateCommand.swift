// `state [PATH]`: the session's state, or the part of it at PATH.

import NavProtocol

/// Prints the state as JSON, or the part at a dotted path (`destination.counter`).
enum StateCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    state [PATH]
    print the state, or the part at PATH (destination.counter)
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    var params = invocation.params
    if let path = invocation.arguments.first { params["path"] = .string(path) }
    let result = try invocation.client.call("store.state", params)
    return RemoteCommands.output(invocation.options.json ? result : result["state"] ?? .null)
  }
}
