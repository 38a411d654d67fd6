// A feature scripts can launch by name, with its concrete types hidden behind closures.

import Composable
import HeadlessUI
import LuaBridge
import NavValue

/// A feature that `navd.launch` and `navd.test_store` can start by name.
///
/// Any reducer whose state and actions are `Codable` and `Equatable` can be scripted:
///
/// ```swift
/// let counter = ScriptFeature(name: "counter", summary: "A number.") {
///   Counter.State()
/// } reducer: {
///   Counter()
/// }
/// ```
public struct ScriptFeature: Sendable {
  /// The name scripts launch it by.
  public let name: String
  /// One line that says what the feature shows.
  public let summary: String

  let launch: @Sendable (LaunchOptions) throws(LuaError) -> any ScriptedStore
  let testStore: @Sendable (LaunchOptions) throws(LuaError) -> any ScriptedTestStore

  /// Creates a feature from its initial state and reducer.
  ///
  /// `dependencies` adjusts the dependencies of every store launched from scripts, on top of the
  /// test dependencies (for example a local live value for a client whose test value fails).
  /// `view` is the feature's headless view: with it, launched stores have screens that scripts
  /// and clients tap, type into and go back from.
  public init<R: Reducer>(
    name: String,
    summary: String,
    initialState: @escaping @Sendable () -> R.State,
    reducer: @escaping @Sendable () -> R,
    dependencies: @escaping @Sendable (inout DependencyValues) -> Void = { _ in },
    view: (@Sendable (HeadlessStore<R.State, R.Action>) -> ViewContent)? = nil
  )
  where
    R: Sendable, R.State: Codable & Equatable & Sendable, R.Action: Codable & Equatable & Sendable
  {
    self.name = name
    self.summary = summary
    self.launch = { options throws(LuaError) in
      try LaunchedStore<R>(
        name: name, options: options, initialState: initialState, reducer: reducer,
        dependencies: dependencies, view: view)
    }
    self.testStore = { options throws(LuaError) in
      try LuaTestStore<R>(
        name: name, options: options, initialState: initialState, reducer: reducer,
        dependencies: dependencies)
    }
  }
}

/// How a script launches a store: `navd.launch(name, { state = …, clock = "live" })`.
public struct LaunchOptions {
  /// The initial state, in the value model; `nil` for the feature's own.
  public var state: DataValue?
  /// Whether time is virtual (moved by `advance`) or the real clock.
  public var clock: ClockMode = .virtual
  /// How long `await`, `receive` and `finish` wait in real time, by default.
  public var timeout: Duration = .seconds(1)

  /// The clocks a launched store can run on.
  public enum ClockMode: String, Sendable {
    /// A `TestClock`: time moves only through `advance` and `await`.
    case virtual
    /// The continuous clock: effects sleep in real time.
    case live
  }

  /// Creates options with the defaults: the feature's initial state, virtual time.
  public init(state: DataValue? = nil, clock: ClockMode = .virtual) {
    self.state = state
    self.clock = clock
  }

  /// Reads the options table of `navd.launch` / `navd.test_store`.
  init(_ table: DataValue) throws(LuaError) {
    switch table {
    case .null: return
    case .object(let fields):
      for key in fields.keys where !["state", "clock", "timeout"].contains(key) {
        throw LuaError("unknown launch option '\(key)' (expected state, clock or timeout)")
      }
      if let state = fields["state"] { self.state = state }
      if let clock = fields["clock"] {
        guard case .string(let name) = clock, let mode = ClockMode(rawValue: name) else {
          throw LuaError("launch option clock must be \"virtual\" or \"live\", got \(clock)")
        }
        self.clock = mode
      }
      if let timeout = fields["timeout"] {
        switch timeout {
        case .integer(let seconds): self.timeout = .seconds(seconds)
        case .number(let seconds): self.timeout = .milliseconds(Int(seconds * 1000))
        default: throw LuaError("launch option timeout must be a number of seconds")
        }
      }
    default:
      throw LuaError("launch options must be a table, got \(table.kind)")
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
