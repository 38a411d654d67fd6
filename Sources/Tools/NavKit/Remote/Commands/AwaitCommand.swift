// `await EXPR`: waits until a Lua expression over the state holds.

import NavProtocol

/// Waits, in the daemon, until a Lua expression over the state `s` holds, and prints the
/// version where it did.
enum AwaitCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    await EXPR
    wait until the Lua expression EXPR over the state s holds
      --timeout S  give up after S seconds (default 10)
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    guard let predicate = invocation.arguments.first else {
      throw UsageError(
        message: "await needs a Lua expression over the state s, e.g. '#s.contacts == 1'")
    }
    var params = invocation.params
    params["predicate"] = .string(predicate)
    params["timeout"] = .number(invocation.options.timeout ?? 10)
    let result = try invocation.client.call("store.await", params)
    if invocation.options.json { return RemoteCommands.output(result) }
    print("version \(result["version"]?.intValue ?? 0)")
    return 0
  }
}
