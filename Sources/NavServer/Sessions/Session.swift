// A named session: one running store, its subscribers, and the events they receive.

import Composable
import Foundation
import LuaBridge
import NavProtocol
import NavScript

/// What a subscriber receives.
struct EventKinds: OptionSet, Sendable {
  let rawValue: Int
  static let action = EventKinds(rawValue: 1)
  static let state = EventKinds(rawValue: 2)
  static let warning = EventKinds(rawValue: 4)

  /// The kinds named in a `subscribe` request: `"action"`, `"state"`, `"warning"`.
  init?(names: [String]) {
    var kinds: EventKinds = []
    for name in names {
      switch name {
      case "action": kinds.insert(.action)
      case "state": kinds.insert(.state)
      case "warning": kinds.insert(.warning)
      default: return nil
      }
    }
    self = kinds
  }

  init(rawValue: Int) { self.rawValue = rawValue }
}

/// One running session of the daemon: a feature's store shared by every client attached to it.
///
/// Every action any client sends goes through the one store, so all clients see the same
/// versions in the same order. After each change the session computes, once, the events its
/// subscribers asked for (the action; the state as an RFC 6902 patch from the previous version)
/// and queues the same bytes to each of them.
final class Session: @unchecked Sendable {
  /// The session's name.
  let name: String
  /// The store.
  let script: ScriptSession
  /// When it was opened.
  let opened = Date()

  private let lock = NSLock()
  private var subscribers: [Int: (connection: Connection, kinds: EventKinds)] = [:]
  /// The state the next patch is computed from; kept only while someone subscribes to state
  /// events (`nil` otherwise), so a session nobody watches encodes nothing per action.
  private var lastState: JSONValue?
  private var observation: StoreObservation?
  private var closed = false
  /// Where changes are saved, when the daemon has a state directory.
  private let persistence: StatePersistence?

  init(name: String, feature: ScriptFeature, state: LuaValue?, persistence: StatePersistence?)
    throws(LuaError)
  {
    self.name = name
    self.persistence = persistence
    self.script = try ScriptSession(
      feature: feature, options: LaunchOptions(state: state, clock: .live))
    observation = script.observeChanges { [weak self] change in self?.changed(change) }
    script.observeWarnings { [weak self] message in self?.publish(warning: message) }
  }

  /// Stops the session's effects and drops its subscribers.
  func close() {
    lock.withLock { closed = true }
    observation?.cancel()
    script.close()
    lock.withLock { subscribers.removeAll() }
  }

  /// Whether the session was closed.
  var isClosed: Bool { lock.withLock { closed } }

  // MARK: - Subscribers

  /// Adds a subscriber whose events go to `connection`; returns the version they follow.
  ///
  /// The state is read before taking the session's lock: a change being applied holds the
  /// store's lock while it waits for the session's, so the other order could deadlock. Once
  /// the read returns, every earlier change has been published, so the events that follow start
  /// at the next version.
  func subscribe(id: Int, connection: Connection, kinds: EventKinds) throws(LuaError) -> UInt64 {
    let snapshot = try script.state()
    return lock.withLock {
      // The first state subscriber starts the patches from the state it read; later ones join
      // patches already kept current (the version is the same: versions count state changes).
      if kinds.contains(.state), !subscribers.values.contains(where: { $0.kinds.contains(.state) })
      {
        lastState = JSONValue(snapshot.state)
        lastVersion = snapshot.version
      }
      subscribers[id] = (connection, kinds)
      return snapshot.version
    }
  }

  /// The version `lastState` belongs to.
  private var lastVersion: UInt64 = 0

  /// Removes a subscriber; returns whether it was there.
  @discardableResult
  func unsubscribe(id: Int) -> Bool {
    lock.withLock {
      let removed = subscribers.removeValue(forKey: id) != nil
      if !subscribers.values.contains(where: { $0.kinds.contains(.state) }) { lastState = nil }
      return removed
    }
  }

  /// How many subscribers the session has.
  var subscriberCount: Int { lock.withLock { subscribers.count } }

  // MARK: - Events

  /// Called by the store after each action, in order, on the thread that sent it: saves the
  /// change as the durability asks, then publishes it.
  private func changed(_ change: EncodedChange) {
    persistence?.changed(self, change)
    publish(change)
  }

  private func publish(_ change: EncodedChange) {
    lock.lock()
    defer { lock.unlock() }
    guard !subscribers.isEmpty else { return }
    let wanted = subscribers.values.reduce(EventKinds()) { $0.union($1.kinds) }
    var patch: [JSONPatchOperation] = []
    if wanted.contains(.state), change.stateChanged, let state = change.state {
      let json = JSONValue(state)
      if let lastState { patch = JSONPatch.diff(from: lastState, to: json) }
      lastState = json
      lastVersion = change.version
    }
    var actionLine: [UInt8]?
    if wanted.contains(.action) {
      actionLine = Self.line(
        method: "event.action",
        params: [
          "session": .string(name), "version": .integer(Int(change.version)),
          "action": JSONValue(change.action),
        ])
    }
    var stateLine: [UInt8]?
    if wanted.contains(.state), change.stateChanged {
      stateLine = Self.line(
        method: "event.state",
        params: [
          "session": .string(name), "version": .integer(Int(change.version)),
          "patch": .array(patch.map(\.json)),
        ])
    }
    for (connection, kinds) in subscribers.values {
      if kinds.contains(.action), let actionLine { connection.send(actionLine, deferred: true) }
      if kinds.contains(.state), let stateLine { connection.send(stateLine, deferred: true) }
    }
  }

  private func publish(warning message: String) {
    let line = Self.line(
      method: "event.warning", params: ["session": .string(name), "message": .string(message)])
    let targets = lock.withLock { subscribers.values.filter { $0.kinds.contains(.warning) } }
    for target in targets { target.connection.send(line, deferred: true) }
  }

  /// A notification as one newline-terminated line.
  static func line(method: String, params: JSONObject) -> [UInt8] {
    (try? JSONWriter().line(RPCRequest.notification(method, params: .object(params)).json))
      ?? Array("{}\n".utf8)
  }
}
