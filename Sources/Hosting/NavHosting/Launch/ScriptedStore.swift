// A store launched from a script: sends in the value model, state snapshots, virtual time.

import Composable
import Foundation
import HeadlessUICore
import NavValue
import Synchronization

/// A launched store as scripts, sessions and the explorer drive it, with its concrete types
/// hidden.
package protocol ScriptedStore: AnyObject {
  /// The feature's registered name.
  var featureName: String { get }
  /// How many state changes the store has made.
  var version: UInt64 { get }
  /// How long waits last by default, in real time.
  var timeout: Duration { get }
  /// The clock effects run on.
  var clockMode: LaunchOptions.ClockMode { get }

  /// Whether a send waits for the effects it started to settle (scripts: yes, so what follows
  /// sees their immediate results; a daemon session: no, it answers once the reducer ran).
  var settlesAfterSend: Bool { get set }
  /// How many effect steps are queued or running: bounded when sends do not settle.
  var pendingEffectSteps: Int { get }
  /// Sends an action written as a path with its payload.
  func send(path: String, payload: [DataValue]) throws(NavError)
  /// Sends an action written as a path (its UTF-8 bytes, valid for the call) with its payload.
  func send(pathBytes: UnsafeRawBufferPointer, payload: [DataValue]) throws(NavError)
  /// Sends an action written as a table (or a bare case name).
  func send(_ action: DataValue) throws(NavError)
  /// The current state in the value model.
  func state() throws(NavError) -> DataValue
  /// A copy of the current state, to compare with later; `nil` when the state is not
  /// `Equatable` (comparing it would mean encoding it).
  func snapshot() -> StateSnapshot?
  /// Whether the current state is `==` to `snapshot`'s, a snapshot of a store of the same
  /// feature; `false` for any other snapshot.
  func isInState(_ snapshot: StateSnapshot) -> Bool

  /// Starts recording every state the store passes through, for one `await`.
  func watch() -> StateWatcher
  /// Calls `onChange` after every action the store processes, with the action and, when the
  /// state changed, the new state, both in the value model; until the observation is cancelled.
  func observeChanges(_ onChange: @escaping @Sendable (EncodedChange) -> Void) -> StoreObservation
  /// Calls `onWarning` with every runtime warning the store reports from now on (they are also
  /// kept for ``drainWarnings()``).
  func observeWarnings(_ onWarning: @escaping @Sendable (String) -> Void)

  /// Runs `body` while the store processes no action: what `body` reads is exactly what the next
  /// observed change follows.
  func holdingChanges<T>(_ body: () throws(NavError) -> T) throws(NavError) -> T

  /// Moves virtual time forward by `duration` (or sleeps, on the live clock), running what falls due.
  func advance(by duration: Duration)
  /// Moves virtual time to the next effect's wake-up when it is within `limit`; returns how far
  /// it moved, or `nil` when nothing is scheduled that soon (or the clock is live).
  func advanceToNextWakeUp(within limit: Duration) -> Duration?
  /// Waits until effects are suspended or finished; returns whether they settled in time.
  @discardableResult func settle() -> Bool

  /// Runtime warnings the store reported since the last call.
  func drainWarnings() -> [String]
  /// Problems that fail a scenario at its end (effects still running, warnings), then cancels
  /// every effect.
  func finishScenario() -> [String]

  /// The navigation tree the feature's headless view renders now, with the version it shows;
  /// throws when the feature has no view.
  func screen() throws(NavError) -> (version: UInt64, tree: NavigationTree)
  /// Renders the screen, asks `decide` what using it does, and sends that, as sends do.
  ///
  /// Uses of one store's screen run one at a time, each on a fresh render: two clients tapping
  /// the same toggle flip it twice, and a `back` that lost a race acts on the screen it sees.
  func use(_ decide: (NavigationTree) throws(NavError) -> Activation?) throws(NavError)
  /// Sends what `activation` asks for (a control of a tree ``screen()`` rendered), as a use
  /// does, without rendering again: the explorer renders each screen once.
  func perform(_ activation: Activation) throws(NavError)

  /// The views' `.task`s still running, by the identity of their modifier.
  var runningViewTasks: [String] { get }
  /// The views' own state (`@State`, `@FocusState`), each by its view and property.
  var viewState: [(view: ViewIdentity, name: String, value: Any)] { get }
  /// Runs the `.refreshable` of the screen on top and waits for it; `false` when nothing on
  /// screen is refreshable.
  func refresh() throws(NavError) -> Bool
  /// Whether the screen last rendered has a `.refreshable`.
  var isRefreshable: Bool { get }

  /// The descriptions of the actions whose effects are still running, oldest first.
  var inFlightEffects: [String] { get }
  /// Cancels every effect in flight and waits for them to end; returns how many there were.
  func cancelEffects() -> Int

  /// The entries of the store's history after version `since` (or entry `after`), the first
  /// `limit`; with neither, the last `limit`.
  func history(since: UInt64?, after: Int?, limit: Int?) throws(NavError) -> HistorySlice
  /// Makes the state the one the store had at `version`: cancels the effects in flight, and
  /// records and publishes the jump as a new version.
  func jump(to version: UInt64) throws(NavError)
  /// What was sent to the store, from the oldest state its history keeps, as a replay document;
  /// without the history entries numbered in `skipping` (and then with no final state, which
  /// the document no longer reaches).
  func export(skipping: Set<Int>) throws(NavError) -> ReplayDocument
  /// Restores `history`'s entries into a store just launched from its initial state: each
  /// entry's state set as it recorded it, with no reducer run.
  func restore(_ history: RecordedHistory) throws(NavError)
  /// Who may change the store: everyone, or the one client that locked it.
  var sendLock: SendLock { get }
  /// The feature's action type.
  var actionType: Any.Type { get }
}
