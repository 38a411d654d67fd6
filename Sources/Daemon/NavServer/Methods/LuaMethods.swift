// lua.eval: a client's own Lua state, with `session` on its attached session.

import NavProtocol
import NavScript
import NavValue

extension Server {
  /// The client's script console, made on first use.
  ///
  /// It has the safe libraries only, a memory cap, `navd`, and `session` on the attached session
  /// (else `main`). Runs on the client's queue.
  func console(for client: Client) -> ScriptConsole {
    if let console = client.console { return console }
    // `print` goes back to the client with the request's result, not to the daemon's log. The
    // console holds the client until the client lets go of it, when it disconnects.
    let console = ScriptConsole(
      features: features, memoryLimit: configuration.clientMemoryLimit
    ) { text in
      if client.streamsOutput {
        client.connection.send(
          NotificationLine.line(method: "event.output", params: ["text": .string(text)]))
      } else {
        client.printed.append(text)
      }
    }
    if let session = session(named: client.attached ?? defaultSessionName()) {
      console.attach(session.script)
    }
    client.console = console
    return console
  }

  /// `lua.eval {code, args?, name?, stream?}` → `{results, output?}`; with `stream`, what the
  /// code prints comes as `event.output {text}` notifications while it runs.
  static let luaMethods: [String: Method] = [
    "lua.eval": { server, client, request throws(RPCError) in
      try request.only(["code", "args", "name", "stream"])
      let code = try request.requiredString("code")
      let chunkName = try request.string("name") ?? "eval"
      if case .bool(let stream)? = request.parameter("stream") { client.streamsOutput = stream }
      defer { client.streamsOutput = false }
      var arguments: [DataValue] = []
      switch request.parameter("args") {
      case nil, .null?: break
      case .array(let elements)?: arguments = elements.map(DataValue.init)
      case let other?: throw RPCError.wrongType("args", expected: "an array", got: other)
      }
      let console = server.console(for: client)
      client.printed = []
      let results: [DataValue]
      do throws(ScriptError) {
        results = try console.eval(
          code, name: chunkName, arguments: arguments,
          instructionBudget: server.configuration.scriptInstructionBudget)
      } catch {
        throw server.rpcError(for: error)
      }
      var object: JSONObject = ["results": .array(results.map(JSONValue.init))]
      if !client.printed.isEmpty {
        object["output"] = .array(client.printed.map(JSONValue.string))
      }
      return .object(object)
    }
  ]
}
