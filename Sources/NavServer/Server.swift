// The daemon: the control socket, the I/O loop, the sessions and the clients, and the routing of
// each request to its method.

import CNavSys
import Foundation
import Glibc
import LuaBridge
import NavProtocol
import NavScript

/// A running navd: sessions served to clients over a Unix-socket JSON-RPC channel.
public final class Server: @unchecked Sendable {
  /// The daemon's settings.
  public struct Configuration: Sendable {
    /// Where the control socket is created.
    public var socketPath: String
    /// The sessions opened at start: name and feature.
    public var sessions: [(name: String, feature: String)] = [("main", "app")]
    /// How many clients may be connected at once.
    public var maximumClients = 64
    /// The longest request line accepted, in bytes.
    public var maximumMessageBytes = 1 << 20
    /// How many bytes may wait for a client that does not read before it is disconnected.
    public var maximumQueuedBytes = 8 << 20
    /// How many Lua VM instructions one request's scripts may run.
    public var scriptInstructionBudget = 50_000_000
    /// How much memory one client's Lua state may hold, in bytes.
    public var clientMemoryLimit = 32 << 20
    /// The longest `store.await` / `await` a request may ask for, in seconds.
    public var maximumAwaitSeconds = 300.0

    /// Creates a configuration serving `socketPath`.
    public init(socketPath: String) { self.socketPath = socketPath }
  }

  let configuration: Configuration
  let features: [ScriptFeature]
  let log: Logger
  let started = Date()

  private let loop: EventLoop
  private var listener: UnixListener?
  private let lock = NSLock()
  private var sessions: [String: Session] = [:]
  private var sessionOrder: [String] = []
  private var clients: [Int: Client] = [:]
  private var nextClientID = 1
  private var nextSubscriptionID = 1

  /// Creates a server for `features`; nothing listens until ``start()``.
  public init(configuration: Configuration, features: [ScriptFeature], log: Logger) throws {
    self.configuration = configuration
    self.features = features
    self.log = log
    self.loop = try EventLoop()
  }

  // MARK: - Lifecycle

  /// Opens the configured sessions, creates the control socket and starts serving.
  public func start() throws {
    for (name, feature) in configuration.sessions {
      _ = try openSession(name: name, feature: feature, state: nil)
    }
    let listener = try UnixListener.listen(at: configuration.socketPath)
    self.listener = listener
    try loop.register(listener.descriptor, interest: .readable) { [weak self] _ in
      self?.acceptClients()
    }
    loop.start()
    log.info(
      "listening on \(configuration.socketPath) with session"
        + "\(configuration.sessions.count == 1 ? "" : "s") "
        + configuration.sessions.map { "\($0.name) (\($0.feature))" }.joined(separator: ", "))
  }

  /// Stops serving: closes every client and session and removes the socket file.
  public func stop() {
    let done = DispatchSemaphore(value: 0)
    loop.execute { [self] in
      if let listener {
        loop.unregister(listener.descriptor)
        listener.close()
      }
      for client in lock.withLock({ Array(clients.values) }) {
        client.connection.close(reason: "the daemon stopped")
      }
      done.signal()
    }
    _ = done.wait(timeout: .now() + 5)
    loop.stop()
    for session in lock.withLock({ Array(sessions.values) }) { session.close() }
  }

  // MARK: - Sessions

  /// The session named `name`.
  func session(named name: String) -> Session? { lock.withLock { sessions[name] } }

  /// Every session, in the order they were opened.
  var allSessions: [Session] { lock.withLock { sessionOrder.compactMap { sessions[$0] } } }

  /// Opens `name` running `feature`, or returns it when it exists.
  func openSession(name: String, feature featureName: String, state: LuaValue?) throws(RPCError)
    -> (session: Session, created: Bool)
  {
    if let existing = session(named: name) { return (existing, false) }
    guard let feature = features.first(where: { $0.name == featureName }) else {
      throw RPCError(
        .invalidParams,
        message: "no feature named \"\(featureName)\"; the features are "
          + features.map { "\"\($0.name)\"" }.joined(separator: ", "))
    }
    let session: Session
    do {
      session = try Session(name: name, feature: feature, state: state)
    } catch {
      throw RPCError(.actionNotDecoded, message: error.message)
    }
    return lock.withLock {
      if let existing = sessions[name] {
        session.close()
        return (existing, false)
      }
      sessions[name] = session
      sessionOrder.append(name)
      log.info("opened session \(name) (\(featureName))")
      return (session, true)
    }
  }

  /// Closes the session `name`; returns whether it existed.
  func closeSession(named name: String) -> Bool {
    let session: Session? = lock.withLock {
      sessionOrder.removeAll { $0 == name }
      return sessions.removeValue(forKey: name)
    }
    session?.close()
    if session != nil { log.info("closed session \(name)") }
    return session != nil
  }

  /// A new subscription id.
  func makeSubscriptionID() -> Int {
    lock.withLock {
      defer { nextSubscriptionID += 1 }
      return nextSubscriptionID
    }
  }

  // MARK: - Clients

  /// Every connected client.
  var allClients: [Client] { lock.withLock { clients.values.sorted { $0.id < $1.id } } }

  private func acceptClients() {
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

  private func admit(_ descriptor: Int32) {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
    _ = navsys_peer_credentials(descriptor, &pid, &uid, &gid)
    let credentials = PeerCredentials(pid: pid, uid: uid, gid: gid)
    let connection = Connection(
      descriptor: descriptor, loop: loop, maximumLineBytes: configuration.maximumMessageBytes,
      maximumQueuedBytes: configuration.maximumQueuedBytes)
    let admitted: Client? = lock.withLock {
      guard clients.count < configuration.maximumClients else { return nil }
      defer { nextClientID += 1 }
      let client = Client(id: nextClientID, connection: connection, credentials: credentials)
      clients[client.id] = client
      return client
    }
    guard let client = admitted else {
      let error = RPCResponse(
        id: .null,
        error: RPCError(
          .limitReached,
          message: "too many clients: the limit is \(configuration.maximumClients)"))
      let line = (try? JSONWriter().line(error.json)) ?? []
      _ = line.withUnsafeBytes { navsys_send(descriptor, $0.baseAddress, $0.count) }
      Glibc.close(descriptor)
      log.warning(
        "refused a client (pid \(pid)): \(configuration.maximumClients) already connected")
      return
    }
    connection.onLine = { [weak self, weak client] line in
      guard let self, let client else { return }
      self.received(line, from: client)
    }
    connection.onOversizeLine = { [weak self, weak client] in
      guard let self, let client else { return }
      let error = RPCResponse(
        id: .null,
        error: RPCError(
          .invalidRequest,
          message:
            "message too large: the limit is \(self.configuration.maximumMessageBytes) bytes; "
            + "closing the connection"))
      self.reply([error.json], batch: false, to: client)
    }
    connection.onClose = { [weak self, weak client] reason in
      guard let self, let client else { return }
      self.disconnected(client, reason: reason)
    }
    do {
      try connection.start()
    } catch {
      log.error("cannot watch a new client: \(error)")
      connection.close(reason: "\(error)")
      return
    }
    log.debug("client \(client.id) connected (pid \(pid), uid \(uid))")
  }

  private func disconnected(_ client: Client, reason: String) {
    _ = lock.withLock { clients.removeValue(forKey: client.id) }
    for (subscription, sessionName) in client.subscriptions {
      session(named: sessionName)?.unsubscribe(id: subscription)
    }
    // Free the Lua state on the client's own queue, after any request still running there.
    client.queue.async {
      client.lua = nil
      client.host = nil
    }
    if reason.hasPrefix("stopped reading") || reason.hasPrefix("sent a line longer") {
      log.warning("disconnected client \(client.id) (pid \(client.credentials.pid)): it \(reason)")
    } else {
      log.debug("client \(client.id) disconnected: it \(reason)")
    }
  }

  // MARK: - Requests

  /// Handles one line from `client` (on the loop's thread): parses it, then runs its requests on
  /// the client's queue, in order.
  private func received(_ line: [UInt8], from client: Client) {
    let incoming = RPCIncoming(parsing: line)
    let isBatch: Bool
    if case .batch = incoming { isBatch = true } else { isBatch = false }
    let calls = incoming.calls
    let handle: @Sendable () -> Void = { [self] in
      var responses: [JSONValue] = []
      for call in calls {
        switch call {
        case .invalid(let response):
          responses.append(response.json)
        case .request(let request):
          let outcome = perform(request, for: client)
          if let id = request.id {
            responses.append(RPCResponse(id: id, outcome: outcome).json)
          }
        }
      }
      if !responses.isEmpty { reply(responses, batch: isBatch, to: client) }
    }
    // Quick methods of an idle client run right here on the I/O thread: no hop to another
    // thread and back, and the responses to one read go out in one write. Anything that may
    // wait or run a script goes to the client's queue, behind what is already there.
    let quick = calls.allSatisfy { call in
      guard case .request(let request) = call else { return true }
      return Self.quickMethods.contains(request.method)
    }
    if quick, client.isIdle {
      handle()
      return
    }
    client.beginQueued()
    client.queue.async {
      handle()
      client.endQueued()
    }
  }

  /// Methods that never wait and run no script: safe to run on the I/O thread.
  static let quickMethods: Set<String> = [
    "navd.status", "session.list", "store.send", "store.state", "client.list", "client.setName",
    "subscribe", "unsubscribe",
  ]

  /// Runs one request's method.
  private func perform(_ request: RPCRequest, for client: Client) -> RPCResponse.Outcome {
    guard let method = Self.methods[request.method] else {
      return .error(
        RPCError(
          .methodNotFound,
          message: "no method \"\(request.method)\"; see docs/protocol.md for the methods"))
    }
    do {
      return .result(try method(self, client, request))
    } catch {
      return .error(error)
    }
  }

  private func reply(_ responses: [JSONValue], batch: Bool, to client: Client) {
    let value: JSONValue = batch ? .array(responses) : responses[0]
    let bytes: [UInt8]
    do {
      bytes = try JSONWriter().line(value)
    } catch {
      let internalError =
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}"#
      bytes = Array((internalError + "\n").utf8)
    }
    client.connection.send(bytes)
  }

  /// A method: runs on the client's queue and returns the result or throws the error.
  typealias Method = @Sendable (Server, Client, RPCRequest) throws(RPCError) -> JSONValue

  /// Every method, by name.
  static let methods: [String: Method] =
    statusMethods
    .merging(sessionMethods) { first, _ in first }
    .merging(storeMethods) { first, _ in first }
    .merging(luaMethods) { first, _ in first }
    .merging(subscriptionMethods) { first, _ in first }
    .merging(clientMethods) { first, _ in first }
}
