// store.send, store.state, store.await.

import LuaBridge
import NavProtocol
import NavScript

extension Server {
  /// The store.* methods.
  static let storeMethods: [String: Method] = [
    "store.send": { server, client, request throws(RPCError) in
      try request.only(["session", "action", "args"])
      let session = try server.targetSession(request, client: client)
      var payload: [LuaValue] = []
      switch request.parameter("args") {
      case nil, .null?: break
      case .array(let elements)?: payload = elements.map(LuaValue.init)
      case let other?: payload = [LuaValue(other)]
      }
      let version: UInt64
      do {
        switch request.parameter("action") {
        case .string(let path)?:
          version = try session.script.send(path: path, payload: payload)
        case .object(let object)?:
          guard payload.isEmpty else {
            throw RPCError(
              .invalidParams, message: "an action object takes no args; put the payload in it")
          }
          version = try session.script.send(LuaValue(.object(object)))
        case nil, .null?:
          throw RPCError.missing("action", "a path string or an action object")
        case let other?:
          throw RPCError.wrongType("action", expected: "a path string or an object", got: other)
        }
      } catch let error as RPCError {
        throw error
      } catch let error as LuaError {
        throw RPCError(.actionNotDecoded, message: error.message)
      } catch {
        throw RPCError(.internalError, message: "\(error)")
      }
      return .object(["version": .integer(Int(version))])
    },
    "store.state": { server, client, request throws(RPCError) in
      try request.only(["session", "path"])
      let session = try server.targetSession(request, client: client)
      let (version, state): (UInt64, LuaValue)
      do throws(LuaError) {
        (version, state) = try session.script.state()
      } catch {
        throw RPCError(.internalError, message: error.message)
      }
      var value = state
      if let path = try request.string("path"), !path.isEmpty {
        value = try StatePath.select(path, in: state)
      }
      return .object(["version": .integer(Int(version)), "state": JSONValue(value)])
    },
    "store.await": { server, client, request throws(RPCError) in
      try request.only(["session", "predicate", "timeout"])
      let session = try server.targetSession(request, client: client)
      let predicate = try request.requiredString("predicate")
      let timeout = min(
        try request.number("timeout") ?? 1, server.configuration.maximumAwaitSeconds)
      let lua = server.luaState(for: client)
      let stack = lua.stack
      let base = stack.top
      defer { stack.top = base }
      do throws(LuaError) {
        try lua.load("return function(s) return (\(predicate)) end", name: "predicate")
        try lua.call(arguments: 0, results: 1)
      } catch {
        throw RPCError(.invalidParams, message: "the predicate does not compile: \(error.summary)")
      }
      lua.setInstructionBudget(server.configuration.scriptInstructionBudget)
      defer { lua.setInstructionBudget(nil) }
      do throws(LuaError) {
        let state = try session.script.await(predicateAt: stack.top, timeout: timeout, stack: stack)
        return .object([
          "version": .integer(Int(session.script.version)), "state": JSONValue(state),
        ])
      } catch {
        throw server.rpcError(for: error)
      }
    },
  ]

  /// The JSON-RPC error for a Lua error: budget, timeout, or a Lua error with its traceback.
  func rpcError(for error: LuaError) -> RPCError {
    if error.message.contains("instruction budget exceeded") {
      return RPCError(
        .scriptBudgetExceeded,
        message:
          "the script ran more than \(configuration.scriptInstructionBudget) instructions and "
          + "was stopped")
    }
    if error.summary.contains("await: the predicate did not hold") {
      return RPCError(.timedOut, message: error.summary)
    }
    return RPCError(.luaError, message: error.summary, data: ["traceback": .string(error.message)])
  }
}

/// A place in a state, written as scripts write it: `contacts[1].name`, `path.3.screenC`.
enum StatePath {
  static func select(_ path: String, in state: LuaValue) throws(RPCError) -> LuaValue {
    var node = state
    var segments: [String] = []
    for part in path.split(separator: ".") {
      var rest = Substring(part)
      if let bracket = rest.firstIndex(of: "[") {
        if bracket > rest.startIndex { segments.append(String(rest[..<bracket])) }
        rest = rest[bracket...]
        while let open = rest.firstIndex(of: "["), let close = rest.firstIndex(of: "]") {
          segments.append(String(rest[rest.index(after: open)..<close]))
          rest = rest[rest.index(after: close)...]
        }
      } else {
        segments.append(String(rest))
      }
    }
    var walked: [String] = []
    for segment in segments {
      walked.append(segment)
      if let index = Int(segment), case .table(let table) = node, table.fields[segment] == nil {
        node = index >= 1 && index <= table.array.count ? table.array[index - 1] : .null
      } else {
        node = node[segment]
      }
      if node == .null {
        throw RPCError(
          .invalidParams, message: "the state has nothing at \(walked.joined(separator: "."))")
      }
    }
    return node
  }
}
