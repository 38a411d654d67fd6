// `jump VERSION`: an earlier version's state restored as a new version.

/// Restores VERSION's state as a new version of the session, cancelling the effects in flight.
enum JumpCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    jump VERSION
    restore VERSION's state as a new version, cancelling effects in flight
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let arguments = invocation.arguments
    guard arguments.count == 1, let version = Int(arguments[0]), version >= 0 else {
      throw UsageError(message: "jump needs one VERSION (a number from 0)")
    }
    var params = invocation.params
    params["version"] = .integer(version)
    let result = try invocation.client.call("session.jump", params)
    if invocation.options.json { return RemoteCommands.output(result) }
    print(
      "version \(result["version"]?.intValue ?? 0): the state of version "
        + "\(result["jumpedTo"]?.intValue ?? version)")
    return 0
  }
}
