// lua.eval: a client's own Lua state, with `session` on its attached session.

import LuaBridge
import NavProtocol
import NavScript

extension Server {
  /// The client's Lua state, made on first use.
  ///
  /// It has the safe libraries only, a memory cap, `navd`, and `session` on the attached session
  /// (else `main`). Runs on the client's queue.
  func luaState(for client: Client) -> LuaState {
    if let lua = client.lua { return lua }
    let lua = LuaState(libraries: .safe, memoryLimit: configuration.clientMemoryLimit)
    let host = ScriptHost(features: features)
    host.install(in: lua)
    // `print` goes back to the client with the request's result, not to the daemon's log. The
    // state holds the client until the client lets go of it, when it disconnects.
    lua.register("print") { stack in
      var parts: [String] = []
      if stack.top >= 1 {
        for index in 1...stack.top {
          parts.append(
            stack.string(at: index) ?? (try? stack.value(at: index))?.description
              ?? stack.typeName(at: index))
        }
      }
      let text = parts.joined(separator: "\t")
      if client.streamsOutput {
        client.connection.send(
          Session.line(method: "event.output", params: ["text": .string(text)]))
      } else {
        client.printed.append(text)
      }
      return 0
    }
    if let session = session(named: client.attached ?? "main") {
      host.install(session: session.script, as: "session", in: lua)
    }
    client.lua = lua
    client.host = host
    return lua
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
      var arguments: [LuaValue] = []
      switch request.parameter("args") {
      case nil, .null?: break
      case .array(let elements)?: arguments = elements.map(LuaValue.init)
      case let other?: throw RPCError.wrongType("args", expected: "an array", got: other)
      }
      let lua = server.luaState(for: client)
      let stack = lua.stack
      let base = stack.top
      defer { stack.top = base }
      client.printed = []
      lua.setInstructionBudget(server.configuration.scriptInstructionBudget)
      defer { lua.setInstructionBudget(nil) }
      var results: [JSONValue] = []
      do throws(LuaError) {
        try lua.load(code, name: chunkName)
        for argument in arguments { stack.push(argument) }
        try lua.call(arguments: Int32(arguments.count), results: -1)  // LUA_MULTRET
        if stack.top > base {
          for index in (base + 1)...stack.top {
            results.append(JSONValue(try stack.value(at: index)))
          }
        }
      } catch {
        throw server.rpcError(for: error)
      }
      var object: JSONObject = ["results": .array(results)]
      if !client.printed.isEmpty {
        object["output"] = .array(client.printed.map(JSONValue.string))
      }
      return .object(object)
    }
  ]
}
