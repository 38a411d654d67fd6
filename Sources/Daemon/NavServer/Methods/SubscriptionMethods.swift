// subscribe and unsubscribe: a session's events, as notifications on the client's connection.

import NavProtocol
import NavHosting

extension Server {
  /// `subscribe {session?, events}` → `{subscription}`; `unsubscribe {subscription}`.
  static let subscriptionMethods: [String: Method] = [
    "subscribe": { server, client, request throws(RPCError) in
      try request.only(["session", "events", "interval"])
      let session = try server.targetSession(request, client: client)
      let names = try request.strings("events") ?? ["action", "state", "warning"]
      guard let kinds = EventKinds(names: names), !kinds.isEmpty else {
        throw RPCError(
          .invalidParams,
          message: "events must name some of "
            + EventKinds.names.map { "\"\($0)\"" }.joined(separator: ", ") + "; got "
            + names.map { "\"\($0)\"" }.joined(separator: ", "))
      }
      var interval = Subscriber.defaultInterval
      if let milliseconds = try request.number("interval") {
        guard let whole = Int(exactly: milliseconds), (0...10_000).contains(whole) else {
          throw RPCError(
            .invalidParams, message: "interval must be whole milliseconds, 0 to 10000")
        }
        interval = .milliseconds(whole)
      }
      let id = server.makeSubscriptionID()
      client.addSubscription(id, session: session.name)
      let version: UInt64
      do throws(ScriptError) {
        version = try session.subscribe(
          id: id, connection: client.connection, kinds: kinds, interval: interval)
      } catch {
        client.removeSubscription(id)
        throw RPCError(
          kinds.contains(.navigation) ? .notOnScreen : .internalError, message: error.message)
      }
      // The subscription's events flow once this reply is queued, so none comes before it.
      client.afterReply { session.activate(id: id) }
      return .object([
        "subscription": .integer(id), "session": .string(session.name),
        "version": .integer(Int(version)),
      ])
    },
    "unsubscribe": { server, client, request throws(RPCError) in
      try request.only(["subscription"])
      guard let id = try request.number("subscription").flatMap({ Int(exactly: $0) }) else {
        throw RPCError.missing("subscription", "the id subscribe returned")
      }
      guard let sessionName = client.removeSubscription(id) else {
        throw RPCError(.invalidParams, message: "no subscription \(id) on this connection")
      }
      server.session(named: sessionName)?.unsubscribe(id: id)
      return .object(["unsubscribed": .integer(id)])
    },
  ]
}
