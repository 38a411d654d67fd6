// session.list, session.open, session.close, session.attach.

import NavProtocol
import NavHosting
import NavValue

extension Server {
  /// The session a request names, else the client's attached one, else `main`.
  func targetSession(_ request: RPCRequest, client: Client) throws(RPCError) -> Session {
    let name = try request.string("session") ?? client.attached ?? defaultSessionName()
    guard let session = session(named: name) else {
      throw RPCError(
        .noSuchSession,
        message: "no session named \"\(name)\"; the sessions are "
          + (allSessions.map { "\"\($0.name)\"" }.joined(separator: ", ").nonEmpty ?? "none"))
    }
    return session
  }

  static func describe(_ session: Session) -> JSONValue {
    var object: JSONObject = [
      "name": .string(session.name), "feature": .string(session.script.featureName),
      "version": .integer(Int(session.script.version)),
      "subscribers": .integer(session.subscriberCount),
    ]
    if let holder = session.script.sendLock.holder {
      var lock: JSONObject = ["client": .integer(holder.id)]
      if let name = holder.name { lock["name"] = .string(name) }
      object["lockedBy"] = .object(lock)
    }
    // With a state directory: whether the last save succeeded, and why not.
    if let saved = session.isSaved {
      object["saved"] = .bool(saved)
      if let failure = session.saveFailure { object["saveError"] = .string(failure) }
    }
    return .object(object)
  }

  /// The session.* methods.
  static let sessionMethods: [String: Method] = [
    "session.list": { server, _, request throws(RPCError) in
      try request.only([])
      return .array(server.allSessions.map(describe))
    },
    "session.open": { server, _, request throws(RPCError) in
      try request.only(["name", "feature", "state", "replay", "import"])
      let name = try request.requiredString("name")
      do throws(SessionNameError) {
        try SessionName.check(name)
      } catch {
        // A client's refusal is a warning; a restore's is logged where it is refused.
        server.log.warning("refused to open session \"\(name)\": \(error.description)")
        throw RPCError(.invalidParams, message: error.description)
      }
      if request.parameter("replay") != nil, request.parameter("import") != nil {
        throw RPCError(
          .invalidParams,
          message: "give replay (run the document's actions again) or import (restore its "
            + "history as it was), not both")
      }
      var replay: ReplayDocument?
      var restoring: ReplayDocument?
      for key in ["replay", "import"] {
        guard let document = request.parameter(key) else { continue }
        var read: ReplayDocument
        do throws(ScriptError) {
          read = try ScriptSession.replayDocument(DataValue(document))
        } catch {
          throw RPCError(.invalidParams, message: "\(key): \(error.message)")
        }
        if let history = document["history"] {
          do throws(RPCError) {
            read.recorded = try RecordedHistoryCoding.history(
              history, initial: read.initialState, duration: read.duration)
          } catch {
            throw RPCError(.invalidParams, message: "\(key): \(error.message)")
          }
        }
        if request.parameter("state") != nil {
          throw RPCError(
            .invalidParams, message: "\(key) sets the initial state itself: leave out state")
        }
        if key == "replay" { replay = read } else { restoring = read }
      }
      if let restoring, restoring.recorded == nil {
        throw RPCError(
          .invalidParams,
          message: "import: the document carries no history to restore (session.export writes "
            + "one); open it with replay to run its actions again")
      }
      let feature =
        try request.string("feature") ?? replay?.feature ?? restoring?.feature
        ?? server.features.first?.name ?? "app"
      let state = request.parameter("state").map(DataValue.init)
      let (session, created) = try server.openSession(
        name: name, feature: feature, state: state, replay: replay, restoring: restoring)
      guard case .object(var object) = describe(session) else { return describe(session) }
      object["created"] = .bool(created)
      return .object(object)
    },
    "session.close": { server, _, request throws(RPCError) in
      try request.only(["name"])
      let name = try request.requiredString("name")
      guard server.closeSession(named: name) else {
        throw RPCError(.noSuchSession, message: "no session named \"\(name)\"")
      }
      return .object(["closed": .string(name)])
    },
    "session.history": { server, client, request throws(RPCError) in
      try request.only(["session", "since", "after", "limit", "before"])
      let session = try server.targetSession(request, client: client)
      let since = try request.count("since").map(UInt64.init)
      let after = try request.count("after")
      let limit = try request.count("limit") ?? Server.historyLimit
      let before: Bool
      switch request.parameter("before") {
      case nil, .null?: before = false
      case .bool(let flag)?: before = flag
      case let other?: throw RPCError.wrongType("before", expected: "true or false", got: other)
      }
      do throws(ScriptError) {
        return try session.history(since: since, after: after, limit: limit, before: before)
      } catch {
        throw RPCError(.invalidParams, message: error.message)
      }
    },
    "session.jump": { server, client, request throws(RPCError) in
      try request.only(["session", "version"])
      let session = try server.targetSession(request, client: client)
      guard let version = try request.count("version") else {
        throw RPCError.missing("version", "a whole number, at least 0")
      }
      do throws(ScriptError) {
        let now = try session.script.jump(to: UInt64(version))
        return .object(["version": .integer(Int(now)), "jumpedTo": .integer(version)])
      } catch {
        throw RPCError(refused: error, otherwise: .invalidParams)
      }
    },
    "session.export": { server, client, request throws(RPCError) in
      try request.only(["session", "skip"])
      let session = try server.targetSession(request, client: client)
      var skipping: Set<Int> = []
      switch request.parameter("skip") {
      case nil, .null?: break
      case .array(let entries)?:
        for entry in entries {
          guard case .integer(let sequence) = entry, sequence >= 1 else {
            throw RPCError.wrongType(
              "skip", expected: "an array of history sequence numbers (from 1)", got: entry)
          }
          skipping.insert(sequence)
        }
      case let other?:
        throw RPCError.wrongType(
          "skip", expected: "an array of history sequence numbers (from 1)", got: other)
      }
      do throws(ScriptError) {
        let document = try session.script.export(skipping: skipping)
        guard case .object(var object) = JSONValue(document.value) else {
          return JSONValue(document.value)
        }
        if let recorded = document.recorded {
          object["history"] = RecordedHistoryCoding.json(recorded, initial: document.initialState)
        }
        return .object(object)
      } catch {
        throw RPCError(.invalidParams, message: error.message)
      }
    },
    "session.actions": { server, client, request throws(RPCError) in
      try request.only(["session"])
      let session = try server.targetSession(request, client: client)
      return .object([
        "feature": .string(session.script.featureName),
        "actions": .array(
          session.script.actionCases.map { action in
            var object: JSONObject = ["path": .string(action.path)]
            if let payload = action.payload { object["payload"] = .string(payload) }
            return .object(object)
          }),
      ])
    },
    "session.lock": { server, client, request throws(RPCError) in
      try request.only(["session"])
      let session = try server.targetSession(request, client: client)
      guard session.script.sendLock.lock(for: client.id, name: client.name) else {
        let holder = session.script.sendLock.holder
        throw RPCError(
          .locked,
          message: "the session \"\(session.name)\" is already locked by client "
            + "\(holder?.id ?? -1)\(holder?.name.map { " (\"\($0)\")" } ?? "")")
      }
      return describe(session)
    },
    "session.unlock": { server, client, request throws(RPCError) in
      try request.only(["session"])
      let session = try server.targetSession(request, client: client)
      if let holder = session.script.sendLock.holder, holder.id != client.id {
        throw RPCError(
          .locked,
          message: "the session \"\(session.name)\" is locked by client \(holder.id), not this "
            + "one: only the client that locked it unlocks it (or its disconnecting)")
      }
      session.script.sendLock.unlock(for: client.id)
      return describe(session)
    },
    "session.attach": { server, client, request throws(RPCError) in
      try request.only(["name"])
      let name = try request.string("name") ?? server.defaultSessionName()
      guard let session = server.session(named: name) else {
        throw RPCError(.noSuchSession, message: "no session named \"\(name)\"")
      }
      client.attached = name
      client.console?.attach(session.script)
      return describe(session)
    },
  ]
}

extension Server {
  /// How many entries `session.history` gives when the request sets no `limit`: enough for a
  /// screenful of recent actions in any client, bounded so an unbounded history is not one
  /// reply of megabytes.
  static let historyLimit = 1_000
}

extension String {
  /// The string, or `nil` when it is empty.
  var nonEmpty: String? { isEmpty ? nil : self }
}
