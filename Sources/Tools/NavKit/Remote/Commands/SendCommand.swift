// `send ACTION [ARGS…]`: an action sent to the session, by path or as a JSON object.

import NavProtocol

/// Sends an action, written as a path with its payload or as a JSON object, and prints the
/// version it made.
enum SendCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    send ACTION [ARGS…]
    send an action: a path such as "incrementButtonTapped", or a JSON object; ARGS are its payload \
    (JSON, or else strings)
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let arguments = invocation.arguments
    guard let action = arguments.first else {
      throw UsageError(message: "send needs an ACTION (a path, or a JSON object)")
    }
    var params = invocation.params
    if action.hasPrefix("{"), let object = try? JSONParser().parse(action) {
      params["action"] = object
    } else {
      params["action"] = .string(action)
    }
    let payload = arguments.dropFirst().map(RemoteCommands.argumentValue)
    if !payload.isEmpty { params["args"] = .array(Array(payload)) }
    let result = try invocation.client.call("store.send", params)
    if invocation.options.json { return RemoteCommands.output(result) }
    print("version \(result["version"]?.intValue ?? 0)")
    return 0
  }
}
