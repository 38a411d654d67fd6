// Scene and WindowGroup: what an app's body is made of, as SwiftUI's.

/// A part of an app's user interface, as SwiftUI's `Scene`: headless, a window group's root view.
@MainActor
public protocol Scene {
  /// The type of scene the body is.
  associatedtype Body: Scene
  /// What the scene is made of.
  @SceneBuilder var body: Body { get }
  /// The root views of the scene's windows.
  nonisolated func _rootViews() -> [ViewContent]
}

extension Scene {
  /// The body's root views.
  nonisolated public func _rootViews() -> [ViewContent] {
    nonisolated(unsafe) let scene = self
    return MainActorRendering.assumeIsolated { scene.body._rootViews() }
  }
}

extension Never: Scene {}

/// A group of windows showing the same view, as SwiftUI's `WindowGroup`: headless, one screen.
nonisolated public struct WindowGroup: Scene {
  let content: () -> ViewContent

  /// A window group showing `content`.
  public init(@ViewBuilder content: @escaping () -> ViewContent) { self.content = content }

  /// A window group called `title` showing `content`.
  public init(_ title: String, @ViewBuilder content: @escaping () -> ViewContent) {
    self.content = content
  }

  /// Never called: a window group is a primitive scene.
  public var body: Never { fatalError("WindowGroup has no body") }

  /// Its one root view.
  public func _rootViews() -> [ViewContent] {
    nonisolated(unsafe) let content = self.content
    return [MainActorRendering.assumeIsolated { content() }]
  }
}

/// Builds an app's scenes, as SwiftUI's `@SceneBuilder`.
@resultBuilder
public enum SceneBuilder {
  /// One scene.
  public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
  /// Several scenes.
  public static func buildBlock<each S: Scene>(_ scenes: repeat each S) -> SceneGroup {
    var views: [ViewContent] = []
    for scene in repeat each scenes { views += scene._rootViews() }
    return SceneGroup(views: views)
  }
}

/// Several scenes together.
nonisolated public struct SceneGroup: Scene {
  let views: [ViewContent]

  /// Never called.
  public var body: Never { fatalError("SceneGroup has no body") }

  /// The scenes' root views.
  public func _rootViews() -> [ViewContent] { views }
}
