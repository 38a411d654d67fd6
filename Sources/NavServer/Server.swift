// The daemon: the control socket, the I/O loop, the sessions and the clients, and the routing of
// each request to its method.

import CNavSys
import Foundation
import Glibc
import NavProtocol
import NavScript
import NavTransport
import NavValue
import Synchronization

/// A running navd: sessions served to clients over a Unix-socket JSON-RPC channel.
public final class Server: @unchecked Sendable {
  let features: [ScriptFeature]
  let log: Logger
  let started = Date()
  /// Where readiness, status and watchdog pings go (nowhere outside systemd).
  let notifier: SystemdNotifier

  private let loop: EventLoop
  /// The connections refused and being drained (loop thread only).
  private let refusals: Refusals
  private var listener: UnixListener?
  private let lock = NSLock()
  // The mutable properties marked `@exclusivity(unchecked)` are only touched under `lock`,
  // which already rules out overlapping accesses: the run-time exclusivity check (a
  // thread-local lookup in the Swift runtime, ~80 instructions) is dropped on these hot paths.
  @exclusivity(unchecked) private var _configuration: Configuration
  @exclusivity(unchecked) private var sessions: [String: Session] = [:]
  @exclusivity(unchecked) private var sessionOrder: [String] = []
  @exclusivity(unchecked) private var clients: [Int: Client] = [:]
  @exclusivity(unchecked) private var nextClientID = 1
  @exclusivity(unchecked) private var nextSubscriptionID = 1
  private var persistence: StatePersistence?
  @exclusivity(unchecked) private var stopping = false

  /// Creates a server for `features`; nothing listens until ``start()``.
  ///
  /// `notifier` receives the sd_notify messages; by default it is the one `$NOTIFY_SOCKET`
  /// names.
  public init(
    configuration: Configuration, features: [ScriptFeature], log: Logger,
    notifier: SystemdNotifier = SystemdNotifier(environment: ProcessInfo.processInfo.environment)
  ) throws {
    self._configuration = configuration
    self.features = features
    self.log = log
    self.notifier = notifier
    self.loop = try EventLoop(busyPoll: configuration.busyPoll)
    self.refusals = Refusals(loop: loop)
    log.level = configuration.logLevel
  }

  /// The settings in force (a reload changes them).
  public var configuration: Configuration { lock.withLock { _configuration } }

  // MARK: - Lifecycle

  /// Restores saved sessions, opens the configured ones, takes or creates the control socket,
  /// starts serving, then tells systemd the daemon is ready.
  ///
  /// `activatedSocket` is a listening socket passed by socket activation
  /// (``SocketActivation/takeControlSocket()``); without one the socket is created at
  /// ``Configuration/socketPath``. `watchdogInterval` is how often to ping systemd's watchdog.
  public func start(
    activatedSocket: (descriptor: Int32, path: String)? = nil, watchdogInterval: Duration? = nil
  ) throws {
    let configuration = self.configuration
    notify { try $0.status("Restoring sessions…") }
    if let directory = configuration.stateDirectory {
      let persistence = try StatePersistence(
        directory: directory, durability: configuration.durability,
        delay: configuration.durabilityDelay, log: log)
      self.persistence = persistence
      try restoreSessions(from: persistence, configured: configuration.sessions)
    } else {
      for spec in configuration.sessions {
        _ = try openSession(name: spec.name, feature: spec.feature, state: nil)
      }
    }
    let listener: UnixListener
    if let activatedSocket {
      listener = UnixListener(
        descriptor: activatedSocket.descriptor, path: activatedSocket.path, ownsPath: false)
    } else {
      listener = try UnixListener.listen(
        at: configuration.socketPath, mode: configuration.socketMode)
    }
    self.listener = listener
    // The loop holds the server while it runs, and lets go of it when it stops.
    try loop.register(listener.descriptor, interest: .readable) { [self] _ in
      acceptClients()
    }
    if let watchdogInterval {
      // Pinged from the loop that serves clients: a stuck loop stops the pings and systemd
      // restarts the daemon.
      try loop.repeating(every: watchdogInterval) { [self] in
        notify { try $0.watchdog() }
      }
    }
    loop.start()
    let names = allSessions.map { "\($0.name) (\($0.script.featureName))" }
    log.info(
      "listening on \(listener.path)\(activatedSocket == nil ? "" : " (socket activation)") "
        + "with session\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))"
        + (configuration.stateDirectory.map {
          "; state in \($0) (durability \(configuration.durability.rawValue))"
        } ?? ""))
    notify { try $0.ready(status: statusLine) }
  }

  /// A status line for systemd: what is served, where, to how many clients.
  public var statusLine: String {
    let (sessionCount, clientCount) = lock.withLock { (sessions.count, clients.count) }
    return "Serving \(sessionCount) session\(sessionCount == 1 ? "" : "s") to \(clientCount) "
      + "client\(clientCount == 1 ? "" : "s") on \(listener?.path ?? configuration.socketPath)"
  }

  /// Opens the configured sessions with their saved state, and the sessions opened at run time
  /// that were saved; a saved session whose feature differs from its configured one starts
  /// afresh (logged).
  private func restoreSessions(
    from persistence: StatePersistence, configured: [SessionSpec]
  ) throws {
    let saved = persistence.restore()
    var restored = Set<String>()
    for spec in configured {
      var state: DataValue?
      if let found = saved.first(where: { $0.name == spec.name }) {
        if found.feature == spec.feature {
          state = DataValue(found.state)
        } else {
          log.warning(
            "session \(spec.name): the saved state is of feature \(found.feature), the "
              + "configuration says \(spec.feature); starting afresh")
        }
      }
      if let state,
        reopen(spec.name, feature: spec.feature, state: state, else: "starting it afresh")
      {
        restored.insert(spec.name)
      } else {
        _ = try openSession(name: spec.name, feature: spec.feature, state: nil)
      }
    }
    for found in saved where !configured.contains(where: { $0.name == found.name }) {
      if reopen(
        found.name, feature: found.feature, state: DataValue(found.state), else: "leaving it closed"
      ) {
        restored.insert(found.name)
      }
    }
    if !restored.isEmpty {
      log.info(
        "restored session\(restored.count == 1 ? "" : "s") "
          + restored.sorted().joined(separator: ", ") + " from \(persistence.directory)")
    }
  }

  /// Opens a saved session with its state; logs and returns false when the state no longer
  /// fits the feature (its `State` changed since) or the feature is gone.
  private func reopen(_ name: String, feature: String, state: DataValue, else fallback: String)
    -> Bool
  {
    do {
      _ = try openSession(name: name, feature: feature, state: state)
      return true
    } catch {
      log.error(
        "session \(name): cannot restore the saved state (\(error.message)); \(fallback)")
      return false
    }
  }

  /// Stops serving, gracefully: no new clients or requests, the requests in flight answered
  /// (for at most ``Configuration/stopTimeout``), every client sent `event.shutdown`, the
  /// sessions saved, the socket file removed (unless socket activation owns it).
  public func stop(reason: String = "the daemon is stopping") {
    let alreadyStopping: Bool = lock.withLock {
      defer { stopping = true }
      return stopping
    }
    guard !alreadyStopping else { return }
    notify { try $0.stopping(status: "Stopping: answering requests in flight, saving sessions") }
    let configuration = self.configuration
    run(onLoop: { [self] in
      if let listener {
        loop.unregister(listener.descriptor)
        listener.close()
      }
      for client in lock.withLock({ Array(clients.values) }) {
        client.connection.stopReading()
      }
    })
    let deadline = ContinuousClock.now + configuration.stopTimeout
    while ContinuousClock.now < deadline, !allClients.allSatisfy(\.isIdle) {
      Thread.sleep(forTimeInterval: 0.005)
    }
    let busy = allClients.filter { !$0.isIdle }
    for client in busy {
      log.warning(
        "client \(client.id) (pid \(client.credentials.pid)): a request still runs after "
          + "\(configuration.stopTimeout); stopping without its answer")
    }
    let shutdown = Session.line(method: "event.shutdown", params: ["reason": .string(reason)])
    for client in allClients { client.connection.send(shutdown) }
    let flushDeadline = ContinuousClock.now + .seconds(1)
    while ContinuousClock.now < flushDeadline,
      allClients.contains(where: { $0.connection.hasQueuedBytes })
    {
      Thread.sleep(forTimeInterval: 0.005)
    }
    run(onLoop: { [self] in
      for client in lock.withLock({ Array(clients.values) }) {
        client.connection.close(reason: "was disconnected: \(reason)")
      }
    })
    loop.stop()
    let open = allSessions
    persistence?.saveAll(open)
    for session in open { session.close() }
    log.info(
      "stopped\(persistence.map { "; saved \(open.count) session\(open.count == 1 ? "" : "s") in \($0.directory)" } ?? "")"
    )
  }

  /// Runs `work` on the loop's thread and waits for it (at most 5 s).
  private func run(onLoop work: @escaping () -> Void) {
    let done = DispatchSemaphore(value: 0)
    loop.execute {
      work()
      done.signal()
    }
    _ = done.wait(timeout: .now() + 5)
  }

  /// Applies a reloaded configuration and returns the settings that need a restart.
  ///
  /// Limits, log level, durability, busy polling and allowed peers change at once (limits for
  /// connections made from now on); sessions newly listed are opened. The socket and the state
  /// directory keep their values until a restart.
  public func reload(_ new: Configuration) -> [String] {
    let old = configuration
    let needRestart = old.settingsNeedingRestart(toBecome: new)
    var applied = new
    applied.socketPath = old.socketPath
    applied.socketMode = old.socketMode
    applied.stateDirectory = old.stateDirectory
    lock.withLock { _configuration = applied }
    log.level = applied.logLevel
    loop.busyPoll = applied.busyPoll
    persistence?.update(durability: applied.durability, delay: applied.durabilityDelay)
    for spec in applied.sessions {
      if let open = session(named: spec.name) {
        if open.script.featureName != spec.feature {
          log.warning(
            "reload: session \(spec.name) runs \(open.script.featureName), not \(spec.feature) "
              + "as the configuration now says; close it (session.close) to open it afresh")
        }
        continue
      }
      do {
        _ = try openSession(name: spec.name, feature: spec.feature, state: nil)
      } catch {
        log.error("reload: cannot open session \(spec.name): \(error.message)")
      }
    }
    return needRestart
  }

  /// Sends a notification to systemd, logging (at debug) when it cannot be sent.
  public func notify(_ body: (SystemdNotifier) throws -> Void) {
    do {
      try body(notifier)
    } catch {
      log.debug("sd_notify: \(error)")
    }
  }

  // MARK: - Sessions

  /// The session named `name`.
  func session(named name: String) -> Session? { lock.withLock { sessions[name] } }

  /// Counts the sessions opened and closed, so that a cached lookup knows it still holds.
  private let sessionsGeneration = Atomic(0)

  /// The session named `name`, from `client`'s last lookup when no session opened or closed
  /// since (no lock, no hashing); on the I/O thread only.
  private func session(named name: String, cachedFor client: Client) -> Session? {
    let generation = sessionsGeneration.load(ordering: .acquiring)
    if let cached = client.lastLookup, cached.generation == generation, cached.name == name {
      return cached.session
    }
    guard let session = session(named: name) else { return nil }
    client.lastLookup = (generation, name, session)
    return session
  }

  /// Every session, in the order they were opened.
  var allSessions: [Session] { lock.withLock { sessionOrder.compactMap { sessions[$0] } } }

  /// Opens `name` running `feature`, or returns it when it exists.
  func openSession(name: String, feature featureName: String, state: DataValue?) throws(RPCError)
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
      session = try Session(
        name: name, feature: feature, state: state, persistence: lock.withLock { persistence })
    } catch {
      throw RPCError(.actionNotDecoded, message: error.message)
    }
    return lock.withLock {
      if let existing = sessions[name] {
        session.close()
        return (existing, false)
      }
      sessions[name] = session
      sessionsGeneration.add(1, ordering: .releasing)
      sessionOrder.append(name)
      log.info("opened session \(name) (\(featureName))")
      return (session, true)
    }
  }

  /// Closes the session `name`; returns whether it existed.
  func closeSession(named name: String) -> Bool {
    // The session stops being saved and its files go before the name is free again: a session
    // opened with the same name right after must not lose its own files to this close.
    let session: Session? = lock.withLock {
      sessionOrder.removeAll { $0 == name }
      guard let session = sessions.removeValue(forKey: name) else { return nil }
      sessionsGeneration.add(1, ordering: .releasing)
      session.markClosed()
      persistence?.remove(session)
      return session
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
    let connection = Connection(
      descriptor: descriptor, loop: loop, maximumLineBytes: configuration.maximumMessageBytes,
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
  private func closeDepartedClients() -> Int {
    let departed = lock.withLock { clients.values.filter { $0.connection.peerHasClosed } }
    for client in departed { client.connection.close(reason: "closed the connection") }
    return departed.count
  }

  /// Answers a connection the daemon will not serve with one error line, and closes it
  /// cleanly (``Refusals``).
  private func refuse(_ descriptor: Int32, _ error: RPCError) {
    refusals.refuse(
      descriptor,
      answering: (try? JSONWriter().line(RPCResponse(id: .null, error: error).json)) ?? [])
  }

  private func disconnected(_ client: Client, reason: String) {
    let wasStopping: Bool = lock.withLock {
      clients.removeValue(forKey: client.id)
      return stopping
    }
    if notifier.isEnabled, !wasStopping { notify { try $0.status(statusLine) } }
    for (subscription, sessionName) in client.subscriptions {
      session(named: sessionName)?.unsubscribe(id: subscription)
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

  // MARK: - Requests

  /// Handles one line from `client` (on the loop's thread): parses it, then runs its requests on
  /// the client's queue, in order.
  private func received(_ line: UnsafeBufferPointer<UInt8>, from client: Client) {
    if let send = StoreSendLine(scanning: line, reusingAction: client.lastAction),
      sendQuickly(send, from: client)
    {
      client.lastAction = send.action
      return
    }
    let incoming = RPCIncoming(parsing: UnsafeRawBufferPointer(line))
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
      client.runAfterReply()
    }
    // Quick methods of an idle client run right here on the I/O thread: no hop to another
    // thread and back, and the responses to one read go out in one write. Anything that may
    // wait or run a script goes to the client's queue, behind what is already there.
    // With durability `always` a change is saved (an fsync) before it is answered: not on the
    // loop that serves every client and pings the watchdog.
    let savesOnSend = savesBeforeAnswering
    let quick = calls.allSatisfy { call in
      guard case .request(let request) = call else { return true }
      guard Self.quickMethods.contains(request.method) else { return false }
      return !(savesOnSend && Self.changingMethods.contains(request.method))
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

  /// Answers the most common request, `store.send` of an action path, without a JSON tree:
  /// the same checks, order and answer as the general path, at a fraction of its cost.
  ///
  /// Returns false, having changed nothing, when the general path must take the line: the
  /// client has requests queued (they go first), sends must be saved before they are answered,
  /// or the send fails (the general path then reports the error).
  private func sendQuickly(_ send: StoreSendLine, from client: Client) -> Bool {
    let (isIdle, attached) = client.idleAndAttached
    guard isIdle, !savesBeforeAnswering else { return false }
    guard let session = session(named: send.session ?? attached ?? "main", cachedFor: client)
    else { return false }
    let version: UInt64
    do {
      version = try session.script.send(path: send.action)
    } catch {
      return false
    }
    client.connection.send(deferred: false) {
      StoreSendLine.writeResponse(id: send.id, version: version, into: &$0)
    }
    return true
  }

  /// Whether a change is saved (an fsync) before it is answered: durability `always`.
  private var savesBeforeAnswering: Bool {
    // One setting read under the lock: `configuration` copies (and then releases) them all.
    persistence != nil && lock.withLock { _configuration.durability == .always }
  }

  /// Quick methods that change a session's state.
  static let changingMethods: Set<String> = [
    "store.send", "screen.tap", "screen.type", "screen.back",
  ]

  /// Methods that never wait and run no script: safe to run on the I/O thread.
  static let quickMethods: Set<String> = [
    "navd.status", "session.list", "store.send", "store.state", "client.list", "client.setName",
    "subscribe", "unsubscribe", "screen.get", "screen.tap", "screen.type", "screen.back",
  ]

  /// Runs one request's method.
  private func perform(_ request: RPCRequest, for client: Client) -> RPCResponse.Outcome {
    guard let method = Self.methods[request.method] else {
      return .error(
        RPCError(
          .methodNotFound,
          message: "no method \"\(request.method)\"; see docs/protocol.md for the methods"))
    }
    // Valid JSON, but no method can take it: say which parameter, rather than a parse error.
    if let (path, text) = request.params?.largeNumberPath {
      return .error(
        RPCError(
          .invalidParams,
          message: "params\(path.isEmpty ? "" : ".\(path)"): the number \(text) is out of range "
            + "(integers must fit in 64 bits, other numbers in a double)"))
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
    .merging(screenMethods) { first, _ in first }
}
