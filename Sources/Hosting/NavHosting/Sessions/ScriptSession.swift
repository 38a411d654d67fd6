// A launched store shared by several hosts: what the daemon calls a session.

import Composable
import HeadlessUICore
import NavValue

/// A launched store that several clients share, each from its own thread and Lua state.
///
/// It is what the daemon keeps per named session. Clients' Lua states get a handle on it (with
/// the methods of `navd.launch`'s handles) through ``ScriptConsole/attach(_:)``; the
/// daemon itself sends, reads and observes through the methods below. Actions from all clients
/// are applied one at a time, in the order they arrive. A send returns once the reducer ran; the
/// effects it started go on running (clients `await` their results).
public final class ScriptSession: @unchecked Sendable {
  package let store: any ScriptedStore

  /// The name of the feature the session runs.
  public var featureName: String { store.featureName }

  /// Launches `feature` with `options` (the live clock by default: a daemon's timers tick in real
  /// time).
  public init(feature: ScriptFeature, options: LaunchOptions = LaunchOptions(clock: .live))
    throws(ScriptError)
  {
    self.store = try scriptBoundary { () throws(NavError) in try feature.launch(options) }
    // Shared by clients on other threads: a send answers once the reducer ran, without waiting
    // for effects (clients that need an effect's result `await` it).
    self.store.settlesAfterSend = false
  }

  /// How many effect steps may be queued before the session's next send waits for them.
  ///
  /// A session's sends do not wait for their effects, so without a limit a client that sends
  /// faster than they run queues them, and their memory, without bound. A push in the
  /// `navigation` case study queues about three steps, so a client is slowed only once it is
  /// some eighty actions ahead of its effects; 256 queued steps hold a few hundred KiB.
  static let effectBacklogLimit = 256

  /// How many state changes the session has made.
  public var version: UInt64 { store.version }

  /// Sends an action written as a path with its payload; returns the version after it.
  @discardableResult
  public func send(path: String, payload: [DataValue] = []) throws(ScriptError) -> UInt64 {
    try scriptBoundary { () throws(NavError) in try store.send(path: path, payload: payload) }
    return store.version
  }

  /// Sends an action written as a table in the value model; returns the version after it.
  @discardableResult
  public func send(_ action: DataValue) throws(ScriptError) -> UInt64 {
    try scriptBoundary { () throws(NavError) in try store.send(action) }
    return store.version
  }

  /// Waits until the effects in flight are suspended (on the clock, or on something else) or
  /// finished, for at most the launch's timeout; returns whether they settled, with the version.
  ///
  /// A send answers once the reducer ran; a remote client that wants what a scenario's
  /// `app:send` gives, the effects' immediate actions applied too, settles after it.
  public func settle() -> (settled: Bool, version: UInt64) {
    let settled = store.settle()
    return (settled, store.version)
  }

  /// The current state in the value model, with the version it belongs to.
  public func state() throws(ScriptError) -> (version: UInt64, state: DataValue) {
    while true {
      let version = store.version
      let state = try scriptBoundary { () throws(NavError) in try store.state() }
      if store.version == version { return (version, state) }
    }
  }

  /// Calls `onChange` after every action the session processes, until cancelled.
  public func observeChanges(_ onChange: @escaping @Sendable (EncodedChange) -> Void)
    -> StoreObservation
  {
    store.observeChanges(onChange)
  }

  /// Calls `onWarning` with every runtime warning the session reports from now on.
  public func observeWarnings(_ onWarning: @escaping @Sendable (String) -> Void) {
    store.observeWarnings(onWarning)
  }

  /// Runs `body` while the session processes no action, and returns its result.
  ///
  /// The state and screens `body` reads are the ones the next observed change follows: a
  /// subscriber added inside it misses no version and gets none twice.
  public func holdingChanges<T>(_ body: () throws(ScriptError) -> T) throws(ScriptError) -> T {
    var failure: ScriptError?
    let result = try scriptBoundary { () throws(NavError) -> T? in
      try store.holdingChanges { () throws(NavError) -> T? in
        do throws(ScriptError) {
          return try body()
        } catch {
          failure = error
          return nil
        }
      }
    }
    if let failure { throw failure }
    return result!
  }

  /// The navigation tree the session's headless view renders now, with the version it shows.
  public func screen() throws(ScriptError) -> (version: UInt64, tree: NavigationTree) {
    try scriptBoundary { () throws(NavError) in try store.screen() }
  }

  /// Renders the screen, asks `decide` what using it does, and sends that; returns the version.
  ///
  /// Uses of the session's screen run one at a time, each on a fresh render.
  @discardableResult
  public func use(_ decide: (NavigationTree) throws(ScriptError) -> Activation?)
    throws(ScriptError) -> UInt64
  {
    try scriptBoundary { () throws(NavError) in
      try store.use { tree throws(NavError) in
        do throws(ScriptError) {
          return try decide(tree)
        } catch {
          throw NavError(error.message)
        }
      }
    }
    return store.version
  }

  // MARK: - Devtools

  /// The entries of the session's history after version `since` (or entry `after`), the first
  /// `limit`; with neither, the last `limit`.
  public func history(since: UInt64? = nil, after: Int? = nil, limit: Int? = nil)
    throws(ScriptError) -> HistorySlice
  {
    try scriptBoundary { () throws(NavError) in
      try store.history(since: since, after: after, limit: limit)
    }
  }

  /// Makes the session's state the one it had at `version`, and returns the version after it.
  ///
  /// Its effects in flight are cancelled, and the jump is recorded and published as a new
  /// version.
  @discardableResult
  public func jump(to version: UInt64) throws(ScriptError) -> UInt64 {
    try scriptBoundary { () throws(NavError) in try store.jump(to: version) }
    return store.version
  }

  /// Reads a replay document, saying what is wrong with one that is not.
  public static func replayDocument(_ value: DataValue) throws(ScriptError) -> ReplayDocument {
    try scriptBoundary { () throws(NavError) in try ReplayDocument(value) }
  }

  /// What was sent to the session, from the oldest state its history keeps, as a replay document.
  ///
  /// With `skipping`, the sent actions and jumps whose history entries have those sequence
  /// numbers are left out, and so is the final state, which the document no longer reaches: the
  /// session as it would have been without them, when the document is replayed.
  public func export(skipping: Set<Int> = []) throws(ScriptError) -> ReplayDocument {
    try scriptBoundary { () throws(NavError) in try store.export(skipping: skipping) }
  }

  /// Who may change the session: every client, or the one that locked it.
  public var sendLock: SendLock { store.sendLock }

  /// Every action the session's feature takes, as action paths: what a dispatch box completes.
  public var actionCases: [ActionCase] { ActionCatalog.cases(of: store.actionType) }

  /// Stops every effect the session is running.
  public func close() { _ = store.finishScenario() }
}
