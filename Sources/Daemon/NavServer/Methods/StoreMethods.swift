// store.send, store.settle, store.state, store.await.

import NavProtocol
import NavHosting
import NavValue

/// What a `store.send` sends: an action path with its payload, or an action object.
enum SentAction {
  /// `"destination.presented.addContact.setName"` with `["Blob"]`.
  case path(String, payload: [DataValue])
  /// `{destination = {presented = {addContact = {setName = "Blob"}}}}`.
  case object(DataValue)
}

extension Server {
  /// Sends `action` to `session` and returns the version after it: where both lanes of
  /// `store.send`, the method and its fast lane (``sendQuickly(_:from:)``), act.
  static func send(_ action: SentAction, to session: Session) throws(RPCError) -> UInt64 {
    do throws(ScriptError) {
      switch action {
      case .path(let path, let payload):
        return try session.script.send(path: path, payload: payload)
      case .object(let value): return try session.script.send(value)
      }
    } catch {
      throw RPCError(refused: error, otherwise: .actionNotDecoded)
    }
  }

  /// The store.* methods.
  static let storeMethods: [String: Method] = [
    "store.send": { server, client, request throws(RPCError) in
      try request.only(["session", "action", "args"])
      let session = try server.targetSession(request, client: client)
      var payload: [DataValue] = []
      switch request.parameter("args") {
      case nil, .null?: break
      case .array(let elements)?: payload = elements.map(DataValue.init)
      case let other?: payload = [DataValue(other)]
      }
      let action: SentAction
      switch request.parameter("action") {
      case .string(let path)?:
        action = .path(path, payload: payload)
      case .object(let object)?:
        guard payload.isEmpty else {
          throw RPCError(
            .invalidParams, message: "an action object takes no args; put the payload in it")
        }
        action = .object(DataValue(.object(object)))
      case nil, .null?:
        throw RPCError.missing("action", "a path string or an action object")
      case let other?:
        throw RPCError.wrongType("action", expected: "a path string or an object", got: other)
      }
      let version = try send(action, to: session)
      return .object(["version": .integer(Int(version))])
    },
    "store.settle": { server, client, request throws(RPCError) in
      try request.only(["session"])
      let session = try server.targetSession(request, client: client)
      let (settled, version) = session.script.settle()
      return .object(["settled": .bool(settled), "version": .integer(Int(version))])
    },
    "store.state": { server, client, request throws(RPCError) in
      try request.only(["session", "path"])
      let session = try server.targetSession(request, client: client)
      let (version, state): (UInt64, DataValue)
      do throws(ScriptError) {
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
      let console = server.console(for: client)
      do throws(ScriptError) {
        let state = try console.await(
          session.script, predicate: predicate, timeout: timeout,
          instructionBudget: server.configuration.scriptInstructionBudget)
        return .object([
          "version": .integer(Int(session.script.version)), "state": JSONValue(state),
        ])
      } catch {
        throw server.rpcError(for: error)
      }
    },
  ]

  /// The JSON-RPC error for a script's error: budget, timeout, a predicate that does not
  /// compile, or a Lua error with its traceback.
  func rpcError(for error: ScriptError) -> RPCError {
    switch error.kind {
    case .budgetExceeded:
      return RPCError(
        .scriptBudgetExceeded,
        message:
          "the script ran more than \(configuration.scriptInstructionBudget) instructions and "
          + "was stopped")
    case .timedOut:
      return RPCError(.timedOut, message: error.summary)
    case .notCompiled:
      return RPCError(.invalidParams, message: error.summary)
    case .locked:
      return RPCError(.locked, message: error.summary, data: ["traceback": .string(error.message)])
    case .failed:
      return RPCError(
        .luaError, message: error.summary, data: ["traceback": .string(error.message)])
    }
  }
}

/// A place in a state, written as scripts write it: `contacts[1].name`, `path.3.screenC`.
enum StatePath {
  static func select(_ path: String, in state: DataValue) throws(RPCError) -> DataValue {
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
      if let index = Int(segment), case .array = node {
        node = node[index]
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
