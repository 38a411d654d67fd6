// NavFeature: one of an app's features, registered by name in its NavHost — a line per feature.

import Composable
import HeadlessUICore
import NavHosting

/// A feature a ``NavHost`` serves, scripts and tests by name.
///
/// It is made as a store is, with the reducer as the trailing closure:
///
/// ```swift
/// NavFeature("onboarding", initialState: Onboarding.State()) { Onboarding() }
/// NavFeature("settings", initialState: Settings.State(), withDependencies: { $0.api = .mock }) {
///   Settings()
/// }
/// ```
///
/// Nothing needs `Codable`, `Equatable` or `Sendable`: state and actions cross into Lua and onto
/// the wire through `Codable` where the types conform, and through reflection where they do not
/// (docs/your-app.md). `initialState` is evaluated anew for each store launched, in the store's
/// dependencies.
public struct NavFeature: Sendable {
  /// The feature as scripts and the daemon run it.
  public let scriptFeature: ScriptFeature

  /// The name sessions and scripts launch the feature by: `navd.launch("onboarding")`.
  public var name: String { scriptFeature.name }

  /// One line that says what the feature shows, for `features` and `navd.describe_features()`.
  public var summary: String { scriptFeature.summary }

  /// Registers a feature with no screens.
  ///
  /// - Parameters:
  ///   - name: The name sessions and scripts launch it by.
  ///   - summary: One line that says what it shows.
  ///   - initialState: The state each store of the feature starts from.
  ///   - withDependencies: Adjusts the dependencies of every store of the feature, on top of the
  ///     test dependencies navd starts from (a virtual clock, incrementing UUIDs, and the test
  ///     value of every other dependency).
  ///   - reducer: The feature's reducer.
  public init<R: Reducer>(
    _ name: String,
    summary: String = "",
    initialState: @autoclosure @escaping () -> R.State,
    withDependencies: @escaping (inout DependencyValues) -> Void = { _ in },
    reducer: @escaping () -> R
  ) {
    self.scriptFeature = ScriptFeature(
      name: name, summary: summary, initialState: initialState, reducer: reducer,
      dependencies: withDependencies, view: nil)
  }

  /// Registers a feature whose screens come from `view`, the app's own view of its store
  /// (`view: ContactsView.init(store:)`), written against HeadlessUI as against SwiftUI.
  ///
  /// - Parameters:
  ///   - name: The name sessions and scripts launch it by.
  ///   - summary: One line that says what it shows.
  ///   - initialState: The state each store of the feature starts from.
  ///   - withDependencies: Adjusts the dependencies of every store of the feature (see
  ///     ``init(_:summary:initialState:withDependencies:reducer:)``).
  ///   - view: The feature's view, which gives its stores screens to tap, type into and go back
  ///     from.
  ///   - reducer: The feature's reducer.
  public init<R: Reducer, V: View>(
    _ name: String,
    summary: String = "",
    initialState: @autoclosure @escaping () -> R.State,
    withDependencies: @escaping (inout DependencyValues) -> Void = { _ in },
    view: @escaping @MainActor (Store<R.State, R.Action>) -> V,
    reducer: @escaping () -> R
  ) {
    self.scriptFeature = ScriptFeature(
      name: name, summary: summary, initialState: initialState, reducer: reducer,
      dependencies: withDependencies,
      view: { store in MainActorRendering.assumeIsolated { view(store) }._render() })
  }

  /// Wraps a feature made for scripts.
  public init(_ scriptFeature: ScriptFeature) {
    self.scriptFeature = scriptFeature
  }
}
