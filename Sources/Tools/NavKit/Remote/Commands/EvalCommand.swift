// `eval CODE | -`: Lua run in the client's own state on the daemon.

import Foundation
import NavProtocol

/// Runs a chunk of Lua in this client's Lua state on the daemon, `session` being the session,
/// and prints what it printed and returned.
enum EvalCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    eval CODE | -
    run Lua in your own state on the daemon (- reads it from stdin); `session` is the session
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    guard let code = invocation.arguments.first else {
      throw UsageError(message: "eval needs CODE, or - to read it from stdin")
    }
    let source =
      code == "-"
      ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : code
    try invocation.attachNamedSession()
    let result = try invocation.client.call("lua.eval", ["code": .string(source)])
    if invocation.options.json { return RemoteCommands.output(result) }
    for line in result["output"]?.arrayValue ?? [] { print(line.stringValue ?? "") }
    for value in result["results"]?.arrayValue ?? [] { RemoteCommands.output(value) }
    return 0
  }
}
