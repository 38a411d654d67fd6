// App: an app's entry point, as SwiftUI's, so that an app's `@main` file compiles.

import Foundation

/// An app, as SwiftUI's `App`: `@main struct SyncUpsApp: App { var body: some Scene { … } }`.
///
/// Headless, an app is hosted by a `NavHost` (its features and root view, one line each); run
/// on its own, its `main()` renders the root view once and prints its screen.
@MainActor
public protocol App {
  /// The type of scene the body is.
  associatedtype Body: Scene
  /// The app's scenes.
  @SceneBuilder var body: Body { get }
  /// Creates the app.
  init()
}

extension App {
  /// Creates the app and prints the screen of its first window's root view: headless, a host
  /// drives the app (see `NavHost`).
  public static func main() {
    let views = MainActorRendering.assumeIsolated { Self().body._rootViews() }
    guard let root = views.first else { return }
    let host = ViewHost()
    let tree = NavigationTree(rendering: host.render { root }.content)
    print(tree.outline)
  }
}
