// A named session: one running store, its subscribers, and the events they receive.

import Composable
import Foundation
import HeadlessUICore
import NavProtocol
import NavHosting
import NavSync
import NavTransport
import NavValue
import Synchronization

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
  private var subscribers: [Int: Subscriber] = [:]
  /// The state the next patch is computed from; kept only while someone subscribes to state
  /// events (`nil` otherwise), so a session nobody watches encodes nothing per action.
  private var lastState: JSONValue?
  /// The registration for the store's changes, made when the first subscriber comes (or at
  /// once when changes are saved): a session nobody follows pays nothing per action.
  ///
  /// Its own lock, never held while the session's is taken: the store calls ``changed(_:)``
  /// holding its lock, which then takes the session's, so registering with the store under the
  /// session's lock could deadlock.
  private let observation = Protected<StoreObservation?>(nil)
  private var closed = false
  /// Where changes are saved, when the daemon has a state directory.
  private let persistence: StatePersistence?
  /// Why the last save failed, while none has succeeded since.
  private let saveProblem = Protected<String?>(nil)
  /// Whether ``saveProblem`` holds one: read by every request that may change the session.
  private let unsaved = Atomic<Bool>(false)

  /// Opens the session: from `state` (or the feature's own) on the live clock, or from a replay
  /// document on the virtual clock, or with the history a document recorded restored (an
  /// import, on the live clock); keeping `history` entries.
  init(
    name: String, feature: ScriptFeature, state: DataValue?, replay: ReplayDocument? = nil,
    restoring: ReplayDocument? = nil, history: Int = LaunchOptions.defaultHistory,
    persistence: StatePersistence?
  ) throws(ScriptError) {
    self.name = name
    self.persistence = persistence
    var options = LaunchOptions(
      state: restoring?.initialState ?? state, clock: .live, history: history, replay: replay)
    options.restoring = restoring?.recorded
    self.script = try ScriptSession(feature: feature, options: options)
    if let final = restoring?.final {
      let restored = try script.state().state
      guard restored == final.state else {
        script.close()
        throw ScriptError(
          .failed,
          "import: the restored history does not end in the document's final state: its "
            + "history and its final state disagree")
      }
    }
    if persistence != nil { observeChanges() }
    // The store holds the session until ``close()`` (strongly: a weak reference would put the
    // session's reference count in a side table, slowing every request that retains it).
    script.observeWarnings { [self] message in publish(warning: message) }
  }

  /// Marks the session closed, so nothing saves it any more; ``close()`` then stops it.
  func markClosed() { lock.withLock { closed = true } }

  /// Stops the session's effects and drops its subscribers, and the store's hold on it.
  func close() {
    markClosed()
    observation.withLock {
      $0?.cancel()
      $0 = nil
    }
    script.close()
    script.observeWarnings { _ in }
    lock.withLock { subscribers.removeAll() }
  }

  /// Whether the session was closed.
  var isClosed: Bool { lock.withLock { closed } }

  /// Starts following the store's changes, once; the changes before are nobody's concern.
  private func observeChanges() {
    observation.withLock { observation in
      guard observation == nil, !isClosed else { return }
      // Held until ``close()`` cancels the observation.
      observation = script.observeChanges { [self] change in changed(change) }
    }
  }

  // MARK: - Subscribers

  /// Adds a subscriber whose events go to `connection`; returns the version they follow.
  ///
  /// The state and screens are read, and the subscriber added, while the store processes no
  /// action, so the first event the subscriber gets is for the next version: none is missed,
  /// none repeated. The subscriber's events are held until ``activate(id:)``, which the server
  /// calls once the `subscribe` reply is queued, so no event comes before the reply.
  ///
  /// The store's lock is taken before the session's, the order a change being published takes
  /// them in (the store calls ``changed(_:)`` holding its lock).
  func subscribe(
    id: Int, connection: any Outbound, kinds: EventKinds,
    interval: Duration = Subscriber.defaultInterval
  ) throws(ScriptError) -> UInt64 {
    // Following the changes starts before the snapshot, so none falls between the two.
    observeChanges()
    return try script.holdingChanges { () throws(ScriptError) -> UInt64 in
      let snapshot = try script.state()
      // Navigation events say when the screens change from what the subscriber can read now.
      let screens = kinds.contains(.navigation) ? try script.screen().tree : nil
      return lock.withLock {
        // The first navigation subscriber starts from the screens it can read now; later ones
        // join the shape already kept current.
        if let screens,
          !subscribers.values.contains(where: { $0.kinds.contains(.navigation) })
        {
          lastNavigation = Self.navigationShape(screens)
        }
        // The first state subscriber starts the patches from the state it read; later ones join
        // patches already kept current (the version is the same: versions count state changes).
        if kinds.contains(.state),
          !subscribers.values.contains(where: { $0.kinds.contains(.state) })
        {
          lastState = JSONValue(snapshot.state)
          lastVersion = snapshot.version
        }
        subscribers[id] = Subscriber(
          connection: connection, kinds: kinds, version: snapshot.version, interval: interval)
        return snapshot.version
      }
    }
  }

  /// Sends a new subscriber the events held since it subscribed, and the later ones as they
  /// come: called once the reply to `subscribe` is queued on its connection.
  func activate(id: Int) {
    lock.withLock { subscribers[id]?.activate() }
  }

  /// The version `lastState` belongs to.
  private var lastVersion: UInt64 = 0

  /// Removes a subscriber; returns whether it was there.
  @discardableResult
  func unsubscribe(id: Int) -> Bool {
    lock.withLock {
      let removed = subscribers.removeValue(forKey: id) != nil
      if !subscribers.values.contains(where: { $0.kinds.contains(.state) }) { lastState = nil }
      if !subscribers.values.contains(where: { $0.kinds.contains(.navigation) }) {
        lastNavigation = nil
      }
      return removed
    }
  }

  /// How many subscribers the session has.
  var subscriberCount: Int { lock.withLock { subscribers.count } }

  // MARK: - Events

  /// Called by the store after each action, in order, on the thread that sent it: saves the
  /// change as the durability asks, then publishes it.
  private func changed(_ change: EncodedChange) {
    // The new state as JSON, encoded once for both the save and the state events.
    var encoded: JSONValue??
    let state: () -> JSONValue? = {
      if let encoded { return encoded }
      let json = change.state.map(JSONValue.init)
      encoded = .some(json)
      return json
    }
    persistence?.changed(
      self, version: change.version, stateChanged: change.stateChanged, state: state)
    if publish(change, state: state) { scheduleNavigation() }
  }

  /// Publishes the change's action and state events (`state` gives the new state as JSON);
  /// returns whether someone follows navigation (its events are computed apart, see
  /// ``scheduleNavigation()``).
  private func publish(_ change: EncodedChange, state: () -> JSONValue?) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !subscribers.isEmpty else { return false }
    let wanted = subscribers.values.reduce(EventKinds()) { $0.union($1.kinds) }
    var patch: [JSONPatchOperation] = []
    if wanted.contains(.state), change.stateChanged, let json = state() {
      if let lastState { patch = JSONPatch.diff(from: lastState, to: json) }
      lastState = json
      lastVersion = change.version
    }
    var actionLine: [UInt8]?
    if wanted.contains(.action) {
      var params: JSONObject = [
        "session": .string(name), "version": .integer(Int(change.version)),
        "action": JSONValue(change.action),
      ]
      if let jump = change.jump { params["jump"] = .integer(Int(jump)) }
      actionLine = NotificationLine.line(method: "event.action", params: params)
    }
    var stateLine: [UInt8]?
    if wanted.contains(.state), change.stateChanged {
      stateLine = NotificationLine.line(
        method: "event.state",
        params: [
          "session": .string(name), "version": .integer(Int(change.version)),
          "patch": .array(patch.map(\.json)),
        ])
    }
    for subscriber in subscribers.values {
      if subscriber.kinds.contains(.action), let actionLine { subscriber.send(actionLine) }
      if subscriber.kinds.contains(.state), let stateLine { subscriber.send(stateLine) }
    }
    if wanted.contains(.version) { scheduleVersion() }
    return wanted.contains(.navigation)
  }

  // MARK: - Version events

  /// Whether an `event.version` is queued.
  private var versionPending = false
  /// When the last `event.version` went out.
  private var lastVersionEvent = ContinuousClock.now - .seconds(3600)
  private let versionQueue = DispatchQueue(label: "navd.session.version")

  /// Queues one `event.version` for a burst of changes.
  ///
  /// It goes out no sooner than the smallest interval of the subscribers that want one after
  /// the last: a view that shows the session (the inspector's page) learns of a thousand
  /// actions a second twenty times a second, and costs the session no encoding per action.
  /// Call with the session's lock held.
  private func scheduleVersion() {
    guard !versionPending else { return }
    versionPending = true
    let interval =
      subscribers.values.lazy.filter { $0.kinds.contains(.version) }.map(\.interval).min()
      ?? Subscriber.defaultInterval
    let wait = max(.zero, lastVersionEvent + interval - ContinuousClock.now)
    versionQueue.asyncAfter(deadline: .now() + .nanoseconds(Int(wait.nanoseconds))) {
      [self] in publishVersion()
    }
  }

  /// Sends the latest version to the subscribers that want it.
  ///
  /// The next change may schedule another event from the moment this one is no longer
  /// pending, so the version is read after that: a change that comes meanwhile is either in
  /// this event or in the next, never in neither.
  private func publishVersion() {
    lock.withLock {
      versionPending = false
      lastVersionEvent = .now
    }
    let version = script.version
    lock.lock()
    defer { lock.unlock() }
    let targets = subscribers.values.filter { $0.kinds.contains(.version) && $0.version < version }
    guard !targets.isEmpty else { return }
    let line = NotificationLine.line(
      method: "event.version",
      params: ["session": .string(name), "version": .integer(Int(version))])
    for subscriber in targets { subscriber.send(line) }
  }

  // MARK: - History

  /// `session.history`'s result: the entries after version `since` (or entry `after`), each
  /// with the RFC 6902 patch from the state before it (empty when it changed nothing), as
  /// `event.state` sent it.
  func history(since: UInt64?, after: Int?, limit: Int?, before: Bool = false)
    throws(ScriptError) -> JSONValue
  {
    let slice = try script.history(since: since, after: after, limit: limit)
    var previous = JSONValue(slice.before)
    var entries: [JSONValue] = []
    entries.reserveCapacity(slice.entries.count)
    for record in slice.entries {
      guard case .object(var entry) = JSONValue(record.value) else { continue }
      var patch: [JSONPatchOperation] = []
      if let state = record.state {
        let json = JSONValue(state)
        patch = JSONPatch.diff(from: previous, to: json)
        previous = json
      }
      entry["patch"] = .array(patch.map(\.json))
      entries.append(.object(entry))
    }
    var result: JSONObject = [
      "entries": .array(entries), "first": .integer(Int(slice.first)),
      "last": .integer(Int(slice.last)), "capacity": .integer(slice.capacity),
    ]
    if before { result["before"] = JSONValue(slice.before) }
    return .object(result)
  }

  // MARK: - Navigation events

  /// The shape of the tree last published (or read by a new subscriber).
  private var lastNavigation: [String]?
  /// Whether a navigation check is queued.
  private var navigationPending = false
  private let navigationQueue = DispatchQueue(label: "navd.session.navigation")

  /// Queues a check of the screens: rendering the view happens off the sending thread (which
  /// holds the store's lock) and once for a burst of changes.
  private func scheduleNavigation() {
    let schedule: Bool = lock.withLock {
      defer { navigationPending = true }
      return !navigationPending
    }
    if schedule { navigationQueue.async { [self] in publishNavigation() } }
  }

  /// Publishes `event.navigation` when the frontmost screen or the tree's shape changed.
  private func publishNavigation() {
    lock.withLock { navigationPending = false }
    guard let (version, tree) = try? script.screen() else { return }
    let shape = Self.navigationShape(tree)
    lock.lock()
    defer { lock.unlock() }
    guard shape != lastNavigation else { return }
    lastNavigation = shape
    // A subscriber hears only of versions after the one it subscribed at.
    let targets = subscribers.values.filter {
      $0.kinds.contains(.navigation) && $0.version < version
    }
    guard !targets.isEmpty else { return }
    let line = NotificationLine.line(
      method: "event.navigation",
      params: [
        "session": .string(name), "version": .integer(Int(version)),
        "frontmost": .string(tree.frontmost.name),
        "trail": .array(tree.trail.map { .string($0.name) }),
        "screens": .array(shape.map { .string($0) }),
      ])
    for subscriber in targets { subscriber.send(line) }
  }

  /// Every screen's name in tree order, indented by depth, the frontmost marked: what changes
  /// when screens are pushed, presented, popped, dismissed or retitled.
  static func navigationShape(_ tree: NavigationTree) -> [String] {
    var names: [String] = []
    func visit(_ screen: Screen, depth: Int) {
      names.append(
        String(repeating: "  ", count: depth) + screen.name + (screen.isFrontmost ? " ◀" : ""))
      for element in screen.stack { visit(element, depth: depth + 1) }
      for presented in screen.presented { visit(presented, depth: depth + 1) }
    }
    visit(tree.root, depth: 0)
    return names
  }

  // MARK: - Saving

  /// Whether the session's state is on disk as of its last save: `nil` when the daemon saves
  /// nothing, `false` after a save failed and until one succeeds.
  var isSaved: Bool? { persistence == nil ? nil : !hasSaveProblem }

  /// Whether the last save failed and none has succeeded since.
  var hasSaveProblem: Bool { unsaved.load(ordering: .acquiring) }

  /// Why the last save failed, while none has succeeded since.
  var saveFailure: String? { saveProblem.withLock { $0 } }

  /// Notes that a save failed for `reason`; the first failure since a good save tells the
  /// subscribers (`event.session` with `saved: false`) and returns `true`.
  ///
  /// The reason and the flag requests read change together, under one lock, so a success and
  /// a failure racing cannot leave them disagreeing.
  @discardableResult
  func saveFailed(_ reason: String) -> Bool {
    let first = saveProblem.withLock { problem in
      defer {
        problem = reason
        unsaved.store(true, ordering: .releasing)
      }
      return problem == nil
    }
    if first { publishSaved(false, error: reason) }
    return first
  }

  /// Notes that a save succeeded; after a failure, tells the subscribers (`saved: true`, unless
  /// `publishing` is false) and returns `true`.
  @discardableResult
  func saveSucceeded(publishing: Bool = true) -> Bool {
    guard hasSaveProblem else { return false }
    let recovered = saveProblem.withLock { problem in
      defer {
        problem = nil
        unsaved.store(false, ordering: .releasing)
      }
      return problem != nil
    }
    if recovered, publishing { publishSaved(true, error: nil) }
    return recovered
  }

  /// Sends `event.session {session, saved, error?}` to every subscriber, whatever it follows.
  private func publishSaved(_ saved: Bool, error: String?) {
    var params: JSONObject = ["session": .string(name), "saved": .bool(saved)]
    if let error { params["error"] = .string(error) }
    let line = NotificationLine.line(method: "event.session", params: params)
    lock.withLock {
      for subscriber in subscribers.values { subscriber.send(line) }
    }
  }

  private func publish(warning message: String) {
    let line = NotificationLine.line(
      method: "event.warning", params: ["session": .string(name), "message": .string(message)])
    lock.withLock {
      for subscriber in subscribers.values where subscriber.kinds.contains(.warning) {
        subscriber.send(line)
      }
    }
  }
}
