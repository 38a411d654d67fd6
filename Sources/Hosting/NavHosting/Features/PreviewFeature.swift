// PreviewFeature: a `#Preview` (or a `PreviewProvider`) launched as a feature: its body makes
// the store, its view is the screen.

import Composable
import HeadlessUICore
import NavValue

extension ScriptFeature {
  /// The prefix of a preview's name as a feature: `preview:Book list`.
  public static let previewPrefix = "preview:"

  /// The preview `preview` as a feature named `preview:` and its title, which scripts launch
  /// (`navd.launch_preview`), the explorer walks and repro specs replay.
  ///
  /// Each launch runs the preview's body with the script's dependencies in force, in the
  /// preview context (`previewValue`s, on the launch's clock): the first store the body makes
  /// is the launched store; the body runs again at every render, with the same stores.
  public init(preview: LinkedPreview) {
    let name = Self.previewPrefix + preview.title
    self.init(
      name: name, summary: "the preview \(preview.title) (\(preview.location))",
      maker: PreviewMaker(name: name, preview: preview))
  }

  /// The feature a name names: one of `features`, or a linked preview's (`preview:TITLE`).
  public static func named(_ name: String, in features: [ScriptFeature]) -> ScriptFeature? {
    if let feature = features.first(where: { $0.name == name }) { return feature }
    guard name.hasPrefix(previewPrefix),
      let preview = PreviewRegistry.preview(named: String(name.dropFirst(previewPrefix.count)))
    else { return nil }
    return ScriptFeature(preview: preview)
  }
}

/// Launches a preview: runs its body once to make its stores, then drives the first one.
private struct PreviewMaker: FeatureMaker {
  /// The preview's name as a feature: `preview:TITLE`.
  let name: String
  let preview: LinkedPreview

  var coding: (stateEncoding: ValueCoding, stateBuilding: ValueCoding, actions: ValueCoding) {
    (.reflection, .reflection, .reflection)
  }

  var restoreProblem: String? { "a preview starts from the state its body makes" }

  func launch(_ options: LaunchOptions) throws(NavError) -> any ScriptedStore {
    if options.state != nil {
      throw NavError(
        "the preview \(preview.title) starts from the state its body makes: launch a feature "
          + "to give a state")
    }
    let environment = LaunchEnvironment(options) { $0.context = .preview }
    let screen = HostedPreview(preview)
    // The first render makes the preview's stores, with the launch's dependencies.
    _ = withDependencies(environment.prepare) { screen.render() }
    let root =
      screen.rootStore
      ?? Store(initialState: NoStore(), reducer: { EmptyReducer<NoStore, NoStore.Action>() })
    guard let launchable = root as? any PreviewLaunching else {
      throw NavError("the preview \(preview.title)'s first store cannot be launched")
    }
    return launchable.launchPreview(
      name: name, options: options, environment: environment, screen: screen)
  }

  func open<Opener: FeatureOpener>(_ opener: Opener) throws(NavError) -> Opener.Opened {
    // What is opened is a test store, the one thing a preview's body cannot be made into.
    throw NavError(
      "the preview \(preview.title) has no test store: launch it (navd.launch_preview), or make "
        + "a test store of its feature")
  }
}

/// The state of a preview that makes no store: its views' own state is all there is.
struct NoStore: Equatable {
  /// Nothing can be sent.
  enum Action {}
}

/// A store a preview made, launched without its types being known.
private protocol PreviewLaunching {
  func launchPreview(
    name: String, options: LaunchOptions, environment: LaunchEnvironment, screen: HostedPreview
  ) -> any ScriptedStore
}

extension Store: PreviewLaunching {
  fileprivate func launchPreview(
    name: String, options: LaunchOptions, environment: LaunchEnvironment, screen: HostedPreview
  ) -> any ScriptedStore {
    let prepare = environment.prepare
    return LaunchedStore<PreviewedFeature<State, Action>>(
      name: name, options: options, values: FeatureValues(), environment: environment,
      store: self, view: { _ in withDependencies(prepare) { screen.render() } },
      contentVersion: { screen.version })
  }
}

/// The reducer type of a preview's store, which only names its state and action: the store
/// runs the reducer the preview gave it.
struct PreviewedFeature<State, Action>: Reducer {
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
