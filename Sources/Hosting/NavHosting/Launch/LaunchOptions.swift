// LaunchOptions: how a script launches a store: its state, its clock, its timeout.

import Composable
import HeadlessUICore
import NavValue

/// How a script launches a store: `navd.launch(name, { state = …, clock = "live" })`.
public struct LaunchOptions {
  /// The initial state, in the value model; `nil` for the feature's own.
  public var state: DataValue?
  /// Whether time is virtual (moved by `advance`) or the real clock.
  public var clock: ClockMode = .virtual
  /// How long `await`, `receive` and `finish` wait in real time, by default.
  public var timeout: Duration = .seconds(1)
  /// How many history entries the store keeps (0: none; no jump, no export).
  public var history = LaunchOptions.defaultHistory
  /// A recorded run to replay into the store once it is launched, on the virtual clock: it
  /// launches from the document's initial state.
  public var replay: ReplayDocument?
  /// A recorded history to restore exactly once the store is launched: an import.
  ///
  /// The store launches from the `state` of these options (the history's initial state); then
  /// each entry's action and the state it left are set with no reducer run, so the store ends
  /// where the recording did and can jump to any of its versions.
  public var restoring: RecordedHistory?

  /// Whether the store's effects run on the thread that settles it, not on its effect queue
  /// (``Store/runEffectsOnSettlingThread()``); on the virtual clock only.
  ///
  /// For the explorer, which settles after every step from its one thread: each effect step
  /// then costs no hand-off between threads. Not for scripts or sessions, whose effects must
  /// run while nobody settles (a daemon's session) and time out when they block.
  var effectsOnSettlingThread = false

  /// How many history entries a store keeps unless told otherwise: 10,000.
  ///
  /// A QA engineer's hour-long session at three actions a second, or the whole of a long
  /// scenario, in a few MiB (an entry costs its state's changed parts, ≤ 256 bytes on
  /// NavigationDemo: see docs/performance.md); a script sending in a loop keeps its last 10,000.
  public static let defaultHistory = 10_000

  /// The clocks a launched store can run on.
  public enum ClockMode: String, Sendable {
    /// A `TestClock`: time moves only through `advance` and `await`.
    case virtual
    /// The continuous clock: effects sleep in real time.
    case live
  }

  /// Creates options with the defaults: the feature's initial state, virtual time.
  public init(
    state: DataValue? = nil, clock: ClockMode = .virtual, history: Int = defaultHistory,
    replay: ReplayDocument? = nil
  ) {
    self.state = state
    self.clock = clock
    self.history = history
    if let replay { replaying(replay) }
  }

  /// Replays `document`: from its initial state, on the virtual clock.
  private mutating func replaying(_ document: ReplayDocument) {
    replay = document
    state = document.initialState
    clock = .virtual
  }

  /// Reads the options table of `navd.launch` / `navd.test_store`.
  package init(_ table: DataValue) throws(NavError) {
    switch table {
    case .null: return
    case .object(let fields):
      for key in fields.keys
      where !["state", "clock", "timeout", "history", "replay"].contains(key) {
        throw NavError(
          "unknown launch option '\(key)' (expected state, clock, timeout, history or replay)")
      }
      if let state = fields["state"] { self.state = state }
      if let clock = fields["clock"] {
        guard case .string(let name) = clock, let mode = ClockMode(rawValue: name) else {
          throw NavError("launch option clock must be \"virtual\" or \"live\", got \(clock)")
        }
        self.clock = mode
      }
      if let history = fields["history"] {
        guard case .integer(let count) = history, count >= 0 else {
          throw NavError("launch option history must be a whole number of entries, at least 0")
        }
        self.history = count
      }
      if let replay = fields["replay"] {
        guard fields["state"] == nil, fields["clock"] == nil else {
          throw NavError(
            "launch option replay sets the state and the clock itself: leave out state and clock")
        }
        replaying(try ReplayDocument(replay))
      }
      if let timeout = fields["timeout"] {
        switch timeout {
        case .integer(let seconds): self.timeout = .seconds(seconds)
        case .number(let seconds): self.timeout = .milliseconds(Int(seconds * 1000))
        default: throw NavError("launch option timeout must be a number of seconds")
        }
      }
    default:
      throw NavError("launch options must be a table, got \(table.kind)")
    }
  }
}

/// The dependencies a script's store runs with: test context, virtual clock, `.incrementing`
/// UUIDs, and warnings collected by `sink`.
func scriptDependencies(
  _ dependencies: inout DependencyValues, clock: TestClock<Duration>?,
  warnings sink: WarningSink
) {
  dependencies.context = .test
  // Shared state: the scenario's storages (every store it launches shares them), or the
  // process's (a daemon's sessions share them).
  (ScriptStorages.current ?? ScriptStorages.process).install(in: &dependencies)
  dependencies.uuid = .incrementing
  dependencies.issueReporter = IssueReporter { message, _ in sink.append(message) }
  if let clock {
    dependencies.continuousClock = clock
    dependencies.suspendingClock = clock
    dependencies.mainQueue = MainQueueScheduler(clock: clock)
  } else {
    dependencies.continuousClock = ContinuousClock()
    dependencies.suspendingClock = SuspendingClock()
    dependencies.mainQueue = .main
  }
}

/// The storages for shared state (`.inMemory`, `.fileStorage`, `.appStorage`) of launched
/// stores: one set per scenario of a test run, so scenarios do not see each other's values and
/// never touch the user's files, and one for the process otherwise.
package enum ScriptStorages {
  /// The running scenario's storages, set by the scenario runner.
  @TaskLocal package static var current: TestStorages.Storages?
  /// The process's storages: a daemon's sessions and a script run share them.
  package static let process = TestStorages.Storages()
}
