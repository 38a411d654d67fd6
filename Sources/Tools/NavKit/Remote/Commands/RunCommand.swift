// `run FILE.lua`: a Lua file run in the daemon, its prints streamed back as it runs.

import Foundation
import NavProtocol

/// Runs a Lua file in this client's Lua state on the daemon, printing what it prints as it
/// runs, then what it returned.
enum RunCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    run FILE.lua
    run a Lua file in the daemon, its prints streamed back as it runs
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    guard let file = invocation.arguments.first else {
      throw UsageError(message: "run needs a FILE.lua")
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw UsageError(message: "cannot read \(file)")
    }
    try invocation.attachNamedSession()
    let request: JSONObject = [
      "code": .string(String(decoding: data, as: UTF8.self)),
      "name": .string((file as NSString).lastPathComponent), "stream": true,
    ]
    let result = try invocation.client.call("lua.eval", request) {
      RemoteCommands.printOutput($0)
    }
    if invocation.options.json { return RemoteCommands.output(result) }
    for value in result["results"]?.arrayValue ?? [] { RemoteCommands.output(value) }
    return 0
  }
}
