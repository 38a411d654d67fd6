// Gestures, as SwiftUI's: a tap gesture makes what it is on tappable; drags, long presses and
// magnifications compile and are not performed headless.

import Foundation

/// A gesture, as SwiftUI's `Gesture`.
public protocol Gesture {
  /// What the gesture reports as it changes.
  associatedtype Value
}

/// A tap, as SwiftUI's `TapGesture`.
public struct TapGesture: Gesture {
  /// Nothing: a tap reports no value.
  public typealias Value = Void
  let count: Int
  let action: (() -> Void)?

  /// A tap of `count` touches.
  public init(count: Int = 1) {
    self.count = count
    self.action = nil
  }

  private init(count: Int, action: @escaping () -> Void) {
    self.count = count
    self.action = action
  }

  /// The gesture, calling `action` when it ends.
  public func onEnded(_ action: @escaping (Value) -> Void) -> TapGesture {
    TapGesture(count: count) { action(()) }
  }
}

/// A long press, as SwiftUI's `LongPressGesture`.
public struct LongPressGesture: Gesture {
  /// Whether the press lasted.
  public typealias Value = Bool
  /// A press lasting `minimumDuration` seconds.
  public init(minimumDuration: Double = 0.5, maximumDistance: Double = 10) {}
  /// The gesture, calling `action` when it ends.
  public func onEnded(_ action: @escaping (Value) -> Void) -> Self { self }
  /// The gesture, calling `action` as it changes.
  public func onChanged(_ action: @escaping (Value) -> Void) -> Self { self }
}

/// A drag, as SwiftUI's `DragGesture`.
public struct DragGesture: Gesture {
  /// Where a drag is.
  public struct Value: Equatable, Sendable {
    /// Where it is now.
    public var location: CGPoint
    /// Where it started.
    public var startLocation: CGPoint
    /// How far it went.
    public var translation: CGSize
    /// When.
    public var time: Date
  }

  /// A drag of at least `minimumDistance` points.
  public init(minimumDistance: Double = 10, coordinateSpace: CoordinateSpace = .local) {}
  /// The gesture, calling `action` as it changes.
  public func onChanged(_ action: @escaping (Value) -> Void) -> Self { self }
  /// The gesture, calling `action` when it ends.
  public func onEnded(_ action: @escaping (Value) -> Void) -> Self { self }
}

/// A pinch, as SwiftUI's `MagnificationGesture`.
public struct MagnificationGesture: Gesture {
  /// How much the pinch scaled.
  public typealias Value = Double
  /// A pinch.
  public init(minimumScaleDelta: Double = 0.01) {}
  /// The gesture, calling `action` as it changes.
  public func onChanged(_ action: @escaping (Value) -> Void) -> Self { self }
  /// The gesture, calling `action` when it ends.
  public func onEnded(_ action: @escaping (Value) -> Void) -> Self { self }
}

extension View {
  /// Makes the view tappable: tapping it (by any text in it) calls `action`.
  nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void)
    -> ViewContent
  {
    tappable(_render(), action: action)
  }

  /// Adds `gesture` to the view: a tap gesture makes it tappable; other gestures are not
  /// performed headless.
  nonisolated public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all)
    -> ViewContent
  {
    guard let tap = gesture as? TapGesture, let action = tap.action else { return _render() }
    return tappable(_render(), action: action)
  }

  /// Adds `gesture` alongside the view's own; as `gesture(_:)`.
  nonisolated public func simultaneousGesture<G: Gesture>(
    _ gesture: G, including mask: GestureMask = .all
  ) -> ViewContent {
    self.gesture(gesture, including: mask)
  }

  /// Adds `gesture` ahead of the view's own; as `gesture(_:)`.
  nonisolated public func highPriorityGesture<G: Gesture>(
    _ gesture: G, including mask: GestureMask = .all
  ) -> ViewContent {
    self.gesture(gesture, including: mask)
  }

  /// Calls `action` after a long press; not performed headless.
  nonisolated public func onLongPressGesture(
    minimumDuration: Double = 0.5, perform action: @escaping () -> Void
  ) -> ViewContent {
    _render()
  }
}

/// The content as one button called by its texts, running `action` when tapped.
private func tappable(_ content: ViewContent, action: @escaping () -> Void) -> ViewContent {
  let node = ScreenNode(kind: .button, label: content.list.labelText, control: .tap(action))
  return content.replacingNodes(with: node)
}

/// Which gestures a view takes, as SwiftUI's `GestureMask`.
public struct GestureMask: OptionSet, Hashable, Sendable {
  /// The gestures, as bits.
  public let rawValue: Int
  /// The set with `rawValue`'s bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// None.
  public static let none: GestureMask = []
  /// The view's own.
  public static let gesture = GestureMask(rawValue: 1)
  /// Its subviews'.
  public static let subviews = GestureMask(rawValue: 2)
  /// Both.
  public static let all: GestureMask = [.gesture, .subviews]
}
