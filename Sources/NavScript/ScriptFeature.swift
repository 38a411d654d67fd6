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
