// `attach`: an interactive Lua prompt on the session, its lines edited with libedit.

import Foundation
import NavProtocol

/// An interactive Lua prompt on the session.
///
/// Each chunk runs with `lua.eval` in this client's Lua state (globals survive between chunks,
/// locals do not); an expression's value is shown, as Lua's own prompt does. A chunk that is not
/// complete yet (`for i = 1, 2 do`) goes on at a `>>` prompt, as in `lua` itself. On a terminal
/// the line is edited with libedit (arrows, Ctrl-R, history recall); the history is kept in
/// `~/.navctl_history`.
enum AttachCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    attach
    an interactive Lua prompt on the session (history in ~/.navctl_history)
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let client = invocation.client
    let described = try client.call(
      "session.attach", invocation.options.session.map { ["name": .string($0)] } ?? [:])
    let session = described["name"]?.stringValue ?? invocation.options.session ?? "main"
    // $HOME first, as shells and readline take it; the password database's home otherwise.
    let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    let prompt = LinePrompt(
      historyFile: ((home ?? NSHomeDirectory()) as NSString).appendingPathComponent(
        ".navctl_history"))
    standardError(
      "attached to \(session) (\(described["feature"]?.stringValue ?? "?"), version "
        + "\(described["version"]?.intValue ?? 0)); `session` is its handle. Ctrl-D to leave.")
    while true {
      guard var chunk = prompt.read("navd:\(session)> ") else {
        standardError("")
        return 0
      }
      if chunk.trimmingCharacters(in: .whitespaces).isEmpty { continue }
      do {
        // Lua's own rule: a chunk whose only error is an unexpected end wants more lines.
        var form = try LuaChunkForm(of: chunk, client)
        while form == .incomplete {
          // Ctrl-D in an unfinished chunk leaves, as it does at the first prompt.
          guard let more = prompt.read("navd:\(session)>> ") else {
            standardError("")
            return 0
          }
          chunk += "\n" + more
          form = try LuaChunkForm(of: chunk, client)
        }
        prompt.remember(chunk)
        let code = form == .expression ? "return " + chunk : chunk
        let request: JSONObject = ["code": .string(code), "name": "stdin", "stream": true]
        let result = try client.call("lua.eval", request) { RemoteCommands.printOutput($0) }
        for value in result["results"]?.arrayValue ?? [] { RemoteCommands.output(value) }
      } catch {
        standardError("\(error)")
        if case .disconnected = error { return error.exitStatus }
      }
    }
  }
}
