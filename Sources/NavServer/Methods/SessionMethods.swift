// session.list, session.open, session.close, session.attach.

import NavProtocol
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
    .object([
      "name": .string(session.name), "feature": .string(session.script.featureName),
      "version": .integer(Int(session.script.version)),
      "subscribers": .integer(session.subscriberCount),
    ])
  }

  /// The session.* methods.
  static let sessionMethods: [String: Method] = [
    "session.list": { server, _, request throws(RPCError) in
      try request.only([])
      return .array(server.allSessions.map(describe))
    },
    "session.open": { server, _, request throws(RPCError) in
      try request.only(["name", "feature", "state"])
      let name = try request.requiredString("name")
      let feature = try request.string("feature") ?? server.features.first?.name ?? "app"
      let state = request.parameter("state").map(DataValue.init)
      let (session, created) = try server.openSession(name: name, feature: feature, state: state)
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

extension String {
  /// The string, or `nil` when it is empty.
  var nonEmpty: String? { isEmpty ? nil : self }
}
