// Who is served: accepting clients, checking credentials and limits, refusing, letting go.

import CNavSys
import Foundation
import Glibc
import NavProtocol
import NavHosting
import NavTransport
import NavValue
import Synchronization

extension Server {
  /// Every connected client.
  var allClients: [Client] { lock.withLock { clients.values.sorted { $0.id < $1.id } } }

  func acceptClients() {
    guard let listener else { return }
    while true {
      let descriptor: Int32?
      do {
        descriptor = try listener.accept()
      } catch {
        log.error("\(error)")
        return
      }
      guard let descriptor else { return }
      admit(descriptor)
    }
  }

  func admit(_ descriptor: Int32) {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
    let configuration = self.configuration
    guard navsys_peer_credentials(descriptor, &pid, &uid, &gid) == 0 else {
      // Unknown credentials must not read as root's (zeros).
      let reason = SystemError(call: "getsockopt(SO_PEERCRED)", code: navsys_errno())
      refuse(
        descriptor, RPCError(.permissionDenied, message: "permission denied: \(reason)"))
      log.warning("refused a client: \(reason)")
      return
    }
    let credentials = PeerCredentials(pid: pid, uid: uid, gid: gid)
    guard configuration.peers.allows(credentials) else {
      refuse(
        descriptor,
        RPCError(
          .permissionDenied,
          message: "permission denied: uid \(uid) may not use this navd (allowed: "
            + "\(configuration.peers.summary)); see --allow-uid and --allow-group"))
      log.warning(
        "refused a client (pid \(pid), uid \(uid), gid \(gid)): not allowed; allowed are "
          + configuration.peers.summary)
      return
    }
    let connection = loop.connection(
      descriptor: descriptor, maximumLineBytes: configuration.maximumMessageBytes,
      maximumQueuedBytes: configuration.maximumQueuedBytes)
    let admit = { () -> Client? in
      self.lock.withLock {
        guard self.clients.count < configuration.maximumClients else { return nil }
        defer { self.nextClientID += 1 }
        let client = Client(
          id: self.nextClientID, connection: connection, credentials: credentials)
        self.clients[client.id] = client
        return client
      }
    }
    var admitted = admit()
    // At the limit, clients that already closed their end (the loop has not read it yet, when it
    // was busy) give their places back first.
    if admitted == nil, closeDepartedClients() > 0 { admitted = admit() }
    guard let client = admitted else {
      refuse(
        descriptor,
        RPCError(
          .limitReached,
          message: "too many clients: the limit is \(configuration.maximumClients)"))
      log.warning(
        "refused a client (pid \(pid)): \(configuration.maximumClients) already connected")
      return
    }
    // The connection holds the server and the client until it closes (strongly: a weak
    // reference would put their reference counts in side tables, slowing every request).
    connection.onLine = { [self] line in received(line, from: client) }
    connection.onOversizeLine = { [self] in
      let error = RPCResponse(
        id: .null,
        error: RPCError(
          .invalidRequest,
          message:
            "message too large: the limit is \(self.configuration.maximumMessageBytes) bytes; "
            + "closing the connection"))
      self.reply([error.json], batch: false, to: client)
    }
    connection.onClose = { [self] reason in disconnected(client, reason: reason) }
    do {
      try connection.start()
    } catch {
      log.error("cannot watch a new client: \(error)")
      connection.close(reason: "\(error)")
      return
    }
    log.debug("client \(client.id) connected (pid \(pid), uid \(uid))")
    if notifier.isEnabled { notify { try $0.status(statusLine) } }
  }

  /// Closes the connections whose clients have closed their end; returns how many (on the loop's
  /// thread).
  func closeDepartedClients() -> Int {
    let departed = lock.withLock { clients.values.filter { $0.connection.peerHasClosed } }
    for client in departed { client.connection.close(reason: "closed the connection") }
    return departed.count
  }

  /// Answers a connection the daemon will not serve with one error line, and closes it
  /// cleanly (``Refusals``).
  func refuse(_ descriptor: Int32, _ error: RPCError) {
    refusals.refuse(
      descriptor,
      answering: (try? JSONWriter().line(RPCResponse(id: .null, error: error).json)) ?? [])
  }

  func disconnected(_ client: Client, reason: String) {
    let wasStopping: Bool = lock.withLock {
      clients.removeValue(forKey: client.id)
      return _lifecycle.isEnding
    }
    if notifier.isEnabled, !wasStopping { notify { try $0.status(statusLine) } }
    for (subscription, sessionName) in client.subscriptions {
      session(named: sessionName)?.unsubscribe(id: subscription)
    }
    // A client that locked a session and went away lets go of it: a lock outlives no debugger.
    for session in allSessions where session.script.sendLock.unlock(for: client.id) {
      log.info("session \"\(session.name)\" unlocked: client \(client.id), which held it, left")
    }
    // Free the Lua state on the client's own queue, after any request still running there. A
    // client with no Lua state and nothing queued has nothing to free: a work item on each
    // queue makes libdispatch start threads for them (~70 when 200 clients left at once), and
    // a burst of them slowed the round trips of the clients that stayed (docs/performance.md).
    if client.hasConsole.load(ordering: .acquiring) || !client.isIdle {
      client.queue.async { client.console = nil }
    }
    if reason.hasPrefix("stopped reading") || reason.hasPrefix("sent a line longer") {
      log.warning("disconnected client \(client.id) (pid \(client.credentials.pid)): it \(reason)")
    } else {
      log.debug("client \(client.id) disconnected: it \(reason)")
    }
  }
}
