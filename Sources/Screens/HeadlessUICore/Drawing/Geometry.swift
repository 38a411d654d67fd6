// The geometry SwiftUI's drawing and layout take: angles, points in a unit square, alignments,
// insets, content modes.

import Foundation

/// An angle, as SwiftUI's: `.degrees(90)`, `.radians(.pi)`.
public struct Angle: Hashable, Sendable, Comparable {
  /// The angle in radians.
  public var radians: Double
  /// The angle in degrees.
  public var degrees: Double {
    get { radians * 180 / .pi }
    set { radians = newValue * .pi / 180 }
  }

  /// A zero angle.
  public init() { radians = 0 }
  /// An angle of `radians`.
  public init(radians: Double) { self.radians = radians }
  /// An angle of `degrees`.
  public init(degrees: Double) { self.radians = degrees * .pi / 180 }

  /// An angle of `radians`.
  public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
  /// An angle of `degrees`.
  public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
  /// A zero angle.
  public static let zero = Angle()

  /// Orders angles by size.
  public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}

/// A point in a view's unit square, as SwiftUI's `UnitPoint`.
public struct UnitPoint: Hashable, Sendable {
  /// From the leading edge, 0 to 1.
  public var x: Double
  /// From the top edge, 0 to 1.
  public var y: Double

  /// The point at `x`, `y`.
  public init(x: Double = 0, y: Double = 0) {
    self.x = x
    self.y = y
  }

  /// The center.
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  /// The top leading corner.
  public static let topLeading = UnitPoint(x: 0, y: 0)
  /// The top edge's middle.
  public static let top = UnitPoint(x: 0.5, y: 0)
  /// The top trailing corner.
  public static let topTrailing = UnitPoint(x: 1, y: 0)
  /// The leading edge's middle.
  public static let leading = UnitPoint(x: 0, y: 0.5)
  /// The trailing edge's middle.
  public static let trailing = UnitPoint(x: 1, y: 0.5)
  /// The bottom leading corner.
  public static let bottomLeading = UnitPoint(x: 0, y: 1)
  /// The bottom edge's middle.
  public static let bottom = UnitPoint(x: 0.5, y: 1)
  /// The bottom trailing corner.
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)
  /// The origin.
  public static let zero = UnitPoint()
}

/// Where a view sits in its frame, as SwiftUI's `Alignment`.
public struct Alignment: Hashable, Sendable {
  let name: String

  /// Centered.
  public static let center = Alignment(name: "center")
  /// At the leading edge.
  public static let leading = Alignment(name: "leading")
  /// At the trailing edge.
  public static let trailing = Alignment(name: "trailing")
  /// At the top.
  public static let top = Alignment(name: "top")
  /// At the bottom.
  public static let bottom = Alignment(name: "bottom")
  /// At the top leading corner.
  public static let topLeading = Alignment(name: "topLeading")
  /// At the top trailing corner.
  public static let topTrailing = Alignment(name: "topTrailing")
  /// At the bottom leading corner.
  public static let bottomLeading = Alignment(name: "bottomLeading")
  /// At the bottom trailing corner.
  public static let bottomTrailing = Alignment(name: "bottomTrailing")
}

/// How a stack lines up its children across its axis, as SwiftUI's `VerticalAlignment`.
public struct VerticalAlignment: Hashable, Sendable {
  let name: String

  /// Centered.
  public static let center = VerticalAlignment(name: "center")
  /// At the top.
  public static let top = VerticalAlignment(name: "top")
  /// At the bottom.
  public static let bottom = VerticalAlignment(name: "bottom")
  /// On the first line's baseline.
  public static let firstTextBaseline = VerticalAlignment(name: "firstTextBaseline")
  /// On the last line's baseline.
  public static let lastTextBaseline = VerticalAlignment(name: "lastTextBaseline")
}

/// How a stack lines up its children across its axis, as SwiftUI's `HorizontalAlignment`.
public struct HorizontalAlignment: Hashable, Sendable {
  let name: String

  /// Centered.
  public static let center = HorizontalAlignment(name: "center")
  /// At the leading edge.
  public static let leading = HorizontalAlignment(name: "leading")
  /// At the trailing edge.
  public static let trailing = HorizontalAlignment(name: "trailing")
}

/// Insets on each edge, as SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
  /// The top inset.
  public var top: Double
  /// The leading inset.
  public var leading: Double
  /// The bottom inset.
  public var bottom: Double
  /// The trailing inset.
  public var trailing: Double

  /// Insets of the given sizes, zero by default.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

/// How content fills its frame, as SwiftUI's `ContentMode`.
public enum ContentMode: Hashable, Sendable {
  /// Fits inside, keeping its aspect ratio.
  case fit
  /// Fills, keeping its aspect ratio.
  case fill
}

/// How a view's colors blend with those behind it, as SwiftUI's `BlendMode`.
public enum BlendMode: Hashable, Sendable {
  /// Drawn over.
  case normal
  /// Multiplied.
  case multiply
  /// Screened.
  case screen
  /// The difference.
  case difference
  /// Overlaid.
  case overlay
}

/// The axes of a view, as SwiftUI's `Axis`.
public enum Axis: Hashable, Sendable {
  /// Left to right.
  case horizontal
  /// Top to bottom.
  case vertical

  /// A set of axes.
  public struct Set: OptionSet, Hashable, Sendable {
    /// The axes, as bits.
    public let rawValue: Int
    /// The set with `rawValue`'s bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The horizontal axis.
    public static let horizontal = Set(rawValue: 1)
    /// The vertical axis.
    public static let vertical = Set(rawValue: 2)
  }
}
