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

  /// A smooth spring without bounce.
  public static let smooth = Animation(name: "smooth")
  /// A quick spring with a little bounce.
  public static let snappy = Animation(name: "snappy")
  /// A spring with more bounce.
  public static let bouncy = Animation(name: "bouncy")
  /// A spring for interactive changes.
  public static let interactiveSpring = Animation(name: "interactiveSpring")
  /// The default spring.
  public static let spring = Animation(name: "spring")

  /// An ease-in-out curve lasting `duration` seconds.
  public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut") }
  /// An ease-in curve lasting `duration` seconds.
  public static func easeIn(duration: Double) -> Animation { Animation(name: "easeIn") }
  /// An ease-out curve lasting `duration` seconds.
  public static func easeOut(duration: Double) -> Animation { Animation(name: "easeOut") }
  /// A linear curve lasting `duration` seconds.
  public static func linear(duration: Double) -> Animation { Animation(name: "linear") }
  /// A spring lasting about `duration` seconds with `bounce`.
  public static func spring(duration: Double, bounce: Double = 0, blendDuration: Double = 0)
    -> Animation
  { Animation(name: "spring") }
  /// A smooth spring lasting about `duration` seconds.
  public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    Animation(name: "smooth")
  }
  /// A snappy spring lasting about `duration` seconds.
  public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    Animation(name: "snappy")
  }
  /// A bouncy spring lasting about `duration` seconds.
  public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    Animation(name: "bouncy")
  }
  /// An interactive spring.
  public static func interactiveSpring(
    response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
  ) -> Animation { Animation(name: "interactiveSpring") }

  /// A spring of `stiffness` and `damping`, interpolating between values.
  public static func interpolatingSpring(
    mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
  ) -> Animation { Animation(name: "interpolatingSpring") }

  /// A spring of `duration` and `bounce`, interpolating between values.
  public static func interpolatingSpring(
    duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0
  ) -> Animation { Animation(name: "interpolatingSpring") }

  /// The default interpolating spring.
  public static let interpolatingSpring = Animation(name: "interpolatingSpring")

  /// A timing curve through two control points.
  public static func timingCurve(
    _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: Double = 0.35
  ) -> Animation { Animation(name: "timingCurve") }

  /// This animation, played `speed` times as fast.
  public func speed(_ speed: Double) -> Animation { self }
  /// This animation, started after `delay` seconds.
  public func delay(_ delay: Double) -> Animation { self }
  /// This animation, repeated forever.
  public func repeatForever(autoreverses: Bool = true) -> Animation { self }
  /// This animation, repeated `repeatCount` times.
  public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation { self }
}
