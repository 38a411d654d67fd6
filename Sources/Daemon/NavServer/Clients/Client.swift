// One connected client: its socket, its script console, its attached session, its subscriptions.

import Foundation
import NavScript
import NavSync
import NavTransport
import Synchronization

/// A client of the daemon.
///
/// Its requests run one after another on its own serial queue, so a client whose script waits or
/// computes for long delays only itself: other clients' queues keep running, and a per-request
/// instruction budget ends a runaway script.
final class Client: @unchecked Sendable {
  /// The client's number, unique while the daemon runs.
  let id: Int
  /// The socket.
  let connection: any Outbound
  /// The peer's process credentials.
  let credentials: PeerCredentials
  /// Where the client's requests run, in order.
  let queue: DispatchQueue
  /// When it connected.
  let connected = Date()

  private let lock = Lock()
  // The mutable properties marked `@exclusivity(unchecked)` are only touched under `lock`,
  // which already rules out overlapping accesses: the run-time exclusivity check (a
  // thread-local lookup in the Swift runtime, ~80 instructions) is dropped on these hot paths.
  @exclusivity(unchecked) private var _name: String?
  @exclusivity(unchecked) private var _attached: String?
  @exclusivity(unchecked) private var _subscriptions: [Int: String] = [:]
  @exclusivity(unchecked) private var _pending = 0
  @exclusivity(unchecked) private var _afterReply: [@Sendable () -> Void] = []

  /// Queues `work` to run once the replies to the request being handled are queued on the
  /// connection: a new subscription's events wait for its `subscribe` reply.
  func afterReply(_ work: @escaping @Sendable () -> Void) {
    lock.withLock { _afterReply.append(work) }
  }

  /// Runs the work queued by ``afterReply(_:)``, in order.
  func runAfterReply() {
    let work: [@Sendable () -> Void] = lock.withLock {
      guard !_afterReply.isEmpty else { return [] }
      defer { _afterReply.removeAll() }
      return _afterReply
    }
    for item in work { item() }
  }

  /// Counts a request handed to ``queue``.
  func beginQueued() { lock.withLock { _pending += 1 } }
  /// Counts a request ``queue`` finished.
  func endQueued() { lock.withLock { _pending -= 1 } }
  /// Whether no request of the client is queued or running: the next one may run at once on the
  /// I/O thread without overtaking an earlier one.
  var isIdle: Bool { lock.withLock { _pending == 0 } }
  /// Whether the client is idle and the session it attached to, read under one lock (the
  /// `store.send` fast lane needs both).
  var idleAndAttached: (isIdle: Bool, attached: String?) {
    lock.withLock { (_pending == 0, _attached) }
  }

  /// The last session the `store.send` fast lane looked up for the client, with the server's
  /// count of opened and closed sessions at the time (on the I/O thread only).
  var lastLookup: (generation: Int, name: String, session: Session)?

  /// The action path of the client's last fast-lane `store.send` (on the I/O thread only): the
  /// next one that names the same action reuses the string instead of allocating one.
  var lastAction: String?

  /// The client's own Lua state, made on first use (on `queue` only).
  var console: ScriptConsole? {
    didSet { hasConsole.store(console != nil, ordering: .releasing) }
  }

  /// Whether ``console`` is set, readable on any thread: a client that never made one has
  /// nothing to free on its queue when it disconnects.
  let hasConsole = Atomic(false)
  /// What the client's scripts printed during the current request (on `queue` only).
  var printed: [String] = []
  /// Whether the current request's prints go out at once as `event.output` notifications.
  var streamsOutput = false

  init(id: Int, connection: any Outbound, credentials: PeerCredentials) {
    self.id = id
    self.connection = connection
    self.credentials = credentials
    self.queue = DispatchQueue(label: "navd.client.\(id)")
  }

  /// The name the client gave itself with `client.setName`.
  var name: String? {
    get { lock.withLock { _name } }
    set { lock.withLock { _name = newValue } }
  }

  /// The session the client attached to.
  var attached: String? {
    get { lock.withLock { _attached } }
    set { lock.withLock { _attached = newValue } }
  }

  /// The client's subscriptions: id → session name.
  var subscriptions: [Int: String] {
    lock.withLock { _subscriptions }
  }

  func addSubscription(_ id: Int, session: String) {
    lock.withLock { _subscriptions[id] = session }
  }

  @discardableResult
  func removeSubscription(_ id: Int) -> String? {
    lock.withLock { _subscriptions.removeValue(forKey: id) }
  }
}
