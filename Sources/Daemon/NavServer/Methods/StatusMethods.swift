// navd.status and the client.* methods.

import Foundation
import NavProtocol
import NavHosting

extension Server {
  /// `navd.status` → `{version, uptime, sessions, clients}`.
  static let statusMethods: [String: Method] = [
    "navd.status": { server, _, request throws(RPCError) in
      try request.only([])
      return .object([
        "version": .string(navdVersion),
        "uptime": .number((Date().timeIntervalSince(server.started) * 1000).rounded() / 1000),
        "sessions": .integer(server.allSessions.count),
        "clients": .integer(server.allClients.count),
        // The sessions whose last save failed: their changes since are in memory only.
        "unsaved": .array(
          server.allSessions.filter(\.hasSaveProblem).map { .string($0.name) }),
      ])
    }
  ]

  /// `client.list` and `client.setName {name}`.
  static let clientMethods: [String: Method] = [
    "client.list": { server, caller, request throws(RPCError) in
      try request.only([])
      return .array(
        server.allClients.map { client in
          var object: JSONObject = [
            "id": .integer(client.id), "pid": .integer(Int(client.credentials.pid)),
            "uid": .integer(Int(client.credentials.uid)),
            "subscriptions": .integer(client.subscriptions.count),
            "self": .bool(client === caller),
          ]
          if let name = client.name { object["name"] = .string(name) }
          if let attached = client.attached { object["session"] = .string(attached) }
          return .object(object)
        })
    },
    "client.setName": { _, client, request throws(RPCError) in
      try request.only(["name"])
      client.name = try request.requiredString("name")
      return .object(["id": .integer(client.id), "name": .string(client.name ?? "")])
    },
  ]
}
