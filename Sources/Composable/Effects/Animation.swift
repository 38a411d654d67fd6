// Animation: SwiftUI's animation values, which actions are sent with and headless screens accept;
// none is played. Here, below the screens, so that a reducer's `send(_:animation:)` compiles with
// TCA's import alone; HeadlessUI re-exports it as SwiftUI's.

/// An animation, as SwiftUI names them; a headless screen has no frames, so none is played.
public struct Animation: Sendable, Equatable {
  let name: String

  /// The default animation.
  public static let `default` = Animation(name: "default")
  /// An ease-in-out curve.
  public static let easeInOut = Animation(name: "easeInOut")
  /// An ease-in curve.
  public static let easeIn = Animation(name: "easeIn")
  /// An ease-out curve.
  public static let easeOut = Animation(name: "easeOut")
  /// A linear curve.
  public static let linear = Animation(name: "linear")

  /// A spring.
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> Animation { Animation(name: "spring") }

  /// An ease-in-out curve lasting `duration` seconds.
  public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut") }
}
