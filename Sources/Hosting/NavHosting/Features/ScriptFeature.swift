// A feature scripts can launch by name, with its concrete types hidden behind closures.

import Composable
import HeadlessUICore
import NavValue

/// A feature that scripts, sessions and the explorer can start by name (`navd.launch`,
/// `navd.test_store`, `open`, `explore`).
///
/// Any reducer can be scripted. Its state and actions cross into Lua and onto the wire through
/// `Codable` where they conform, and through reflection where they do not (``ValueCoding``):
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

  /// How the feature's state is encoded and built, and how its actions are built.
  public var coding: (stateEncoding: ValueCoding, stateBuilding: ValueCoding, actions: ValueCoding)
  { maker.coding }

  /// Makes the feature's stores, with its concrete types.
  private let maker: any FeatureMaker

  /// A feature whose stores `maker` makes.
  init(name: String, summary: String, maker: any FeatureMaker) {
    self.name = name
    self.summary = summary
    self.maker = maker
  }

  /// Creates a feature from its initial state and reducer.
  ///
  /// `dependencies` adjusts the dependencies of every store launched from scripts, on top of the
  /// test dependencies (for example a local live value for a client whose test value fails).
  /// `view` is the feature's headless view: with it, launched stores have screens that scripts
  /// and clients tap, type into and go back from. The closures are called on the threads that
  /// run the feature's stores, one store at a time each.
  public init<R: Reducer>(
    name: String,
    summary: String,
    initialState: @escaping () -> R.State,
    reducer: @escaping () -> R,
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in },
    view: (@MainActor (Store<R.State, R.Action>) -> ViewContent)? = nil
  ) {
    self.name = name
    self.summary = summary
    // Views are main-actor code, rendered on the thread that uses the screen
    // (MainActorRendering).
    let rendering = view.map { view in
      { (store: Store<R.State, R.Action>) in MainActorRendering.assumeIsolated { view(store) } }
    }
    self.maker = TypedFeature<R>(
      name: name, values: FeatureValues(), initialState: initialState, reducer: reducer,
      dependencies: dependencies, view: rendering)
  }

  /// Launches a store of the feature for a script or a session, and replays into it the
  /// document the options carry, or restores the history they carry.
  package func launch(_ options: LaunchOptions) throws(NavError) -> any ScriptedStore {
    if let replay = options.replay, replay.feature != name {
      throw NavError(
        "the replay document is of the feature \(replay.feature), not \(name): launch "
          + "\(replay.feature) to replay it")
    }
    let store = try maker.launch(options)
    if let replay = options.replay { try store.replay(replay) }
    if let restoring = options.restoring { try store.restore(restoring) }
    return store
  }

  /// Does what `opener` does with the feature's concrete types: how a layer above hosting makes
  /// something of its own from a feature (the Lua layer's exhaustive test stores).
  package func open<Opener: FeatureOpener>(_ opener: Opener) throws(NavError) -> Opener.Opened {
    try maker.open(opener)
  }

  /// Why saved state of the feature cannot be restored, or `nil` when it can.
  public var restoreProblem: String? { maker.restoreProblem }
}

/// Makes the stores of one feature, whose types it knows.
protocol FeatureMaker: Sendable {
  var coding: (stateEncoding: ValueCoding, stateBuilding: ValueCoding, actions: ValueCoding) {
    get
  }
  var restoreProblem: String? { get }
  func launch(_ options: LaunchOptions) throws(NavError) -> any ScriptedStore
  func open<Opener: FeatureOpener>(_ opener: Opener) throws(NavError) -> Opener.Opened
}

/// What a layer above hosting does with a feature's concrete types, through
/// ``ScriptFeature/open(_:)``.
package protocol FeatureOpener {
  /// What the opener makes of a feature.
  associatedtype Opened
  /// Makes it from the feature with reducer `R`.
  func open<R: Reducer>(_ feature: TypedFeature<R>) throws(NavError) -> Opened
}

/// A feature with reducer `R`: its name, its value paths and its closures, as the stores made of
/// it take them.
///
/// `@unchecked Sendable`: it holds the feature's closures and its value paths, which every store
/// of the feature calls from the thread that runs it; none of them keeps mutable state.
package struct TypedFeature<R: Reducer>: FeatureMaker, @unchecked Sendable {
  package let name: String
  package let values: FeatureValues<R.State, R.Action>
  package let initialState: () -> R.State
  package let reducer: () -> R
  package let dependencies: (inout DependencyValues) -> Void
  package let view: ((Store<R.State, R.Action>) -> ViewContent)?

  var coding: (stateEncoding: ValueCoding, stateBuilding: ValueCoding, actions: ValueCoding) {
    (values.stateEncoding, values.stateBuilding, values.actionBuilding)
  }

  var restoreProblem: String? { values.checkRestorable(initialState())?.message }

  func launch(_ options: LaunchOptions) throws(NavError) -> any ScriptedStore {
    try LaunchedStore<R>(
      name: name, options: options, values: values, initialState: initialState,
      reducer: reducer, dependencies: dependencies, view: view)
  }

  func open<Opener: FeatureOpener>(_ opener: Opener) throws(NavError) -> Opener.Opened {
    try opener.open(self)
  }
}
