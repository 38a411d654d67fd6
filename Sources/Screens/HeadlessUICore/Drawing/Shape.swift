// Shapes: what a screen draws around its controls. Headless, a shape is drawn as nothing, and
// what it holds (an overlay, a label) is still there.

import Foundation

/// A 2D shape, as SwiftUI's `Shape`: it describes its outline in a rectangle.
///
/// Headless, a shape shows nothing a person could read or use; a view of one's own that is a
/// shape (`struct Wave: Shape { func path(in rect: CGRect) -> Path { … } }`) compiles as is.
public protocol Shape: View, Sendable where Body == ViewContent {
  /// The shape's outline in `rect`.
  nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
  /// Nothing: a shape is not text and cannot be used.
  nonisolated public var body: ViewContent { ViewContent() }

  /// The shape, rendered: nothing.
  nonisolated public func _render() -> ViewContent { ViewContent() }

  /// The shape filled with `style`.
  nonisolated public func fill<S: ShapeStyle>(_ style: S = Color.primary) -> ViewContent {
    ViewContent()
  }

  /// The shape's outline drawn with `style`, `lineWidth` wide.
  nonisolated public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> ViewContent {
    ViewContent()
  }

  /// The shape's outline drawn with `style` in `strokeStyle`.
  nonisolated public func stroke<S: ShapeStyle>(_ style: S, style strokeStyle: StrokeStyle)
    -> ViewContent
  {
    ViewContent()
  }

  /// The shape's outline drawn in `strokeStyle`.
  nonisolated public func stroke(style: StrokeStyle) -> ViewContent { ViewContent() }

  /// The shape's outline, `lineWidth` wide.
  nonisolated public func stroke(lineWidth: CGFloat = 1) -> ViewContent { ViewContent() }

  /// The shape's outline drawn inside it with `style`.
  nonisolated public func strokeBorder<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1)
    -> ViewContent
  {
    ViewContent()
  }

  /// The shape's outline drawn inside it, `lineWidth` wide.
  nonisolated public func strokeBorder(lineWidth: CGFloat = 1) -> ViewContent { ViewContent() }

  /// The part of the shape from `from` to `to` of its outline.
  nonisolated public func trim(from: Double = 0, to: Double = 1) -> Self { self }

  /// The shape rotated by `angle`.
  nonisolated public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> Self { self }

  /// The shape scaled by `scale`.
  nonisolated public func scale(_ scale: Double, anchor: UnitPoint = .center) -> Self { self }

  /// The shape moved by `offset`.
  nonisolated public func offset(_ offset: CGSize) -> Self { self }
}

/// A circle.
nonisolated public struct Circle: Shape {
  /// A circle.
  public init() {}
  /// The circle inscribed in `rect`.
  public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// An ellipse.
nonisolated public struct Ellipse: Shape {
  /// An ellipse.
  public init() {}
  /// The ellipse inscribed in `rect`.
  public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// A rectangle.
nonisolated public struct Rectangle: Shape {
  /// A rectangle.
  public init() {}
  /// `rect` itself.
  public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// A rectangle with rounded corners.
nonisolated public struct RoundedRectangle: Shape {
  /// The corners' radius.
  public var cornerRadius: CGFloat

  /// A rectangle whose corners are rounded by `cornerRadius`.
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
    self.cornerRadius = cornerRadius
  }

  /// A rectangle whose corners are rounded by `cornerSize`.
  public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
    self.cornerRadius = cornerSize.width
  }

  /// `rect` with rounded corners.
  public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// A rectangle whose ends are half circles.
nonisolated public struct Capsule: Shape {
  /// A capsule.
  public init(style: RoundedCornerStyle = .circular) {}
  /// The capsule in `rect`.
  public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// How rounded corners are drawn.
public enum RoundedCornerStyle: Hashable, Sendable {
  /// Quarter circles.
  case circular
  /// Continuous curves.
  case continuous
}

/// A shape's outline, as SwiftUI's `Path`: built from moves, lines and arcs; headless, it
/// records only its bounds.
nonisolated public struct Path: Shape, Hashable {
  /// The smallest rectangle holding the points added so far.
  public private(set) var boundingRect = CGRect.null

  /// An empty path.
  public init() {}

  /// A path built by `build`.
  public init(_ build: (inout Path) -> Void) { build(&self) }

  /// The outline of `rect`.
  public init(_ rect: CGRect) { boundingRect = rect }

  /// The outline of the ellipse in `rect`.
  public init(ellipseIn rect: CGRect) { boundingRect = rect }

  /// The outline of `rect` with corners rounded by `cornerRadius`.
  public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { boundingRect = rect }

  /// Whether nothing has been added.
  public var isEmpty: Bool { boundingRect.isNull }

  /// Starts a new part at `point`.
  public mutating func move(to point: CGPoint) { include(point) }

  /// Draws a line to `point`.
  public mutating func addLine(to point: CGPoint) { include(point) }

  /// Draws lines through `points`.
  public mutating func addLines(_ points: [CGPoint]) { points.forEach { include($0) } }

  /// Draws a rectangle.
  public mutating func addRect(_ rect: CGRect) { boundingRect = boundingRect.union(rect) }

  /// Draws an ellipse.
  public mutating func addEllipse(in rect: CGRect) { boundingRect = boundingRect.union(rect) }

  /// Draws an arc around `center`.
  public mutating func addArc(
    center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool
  ) {
    boundingRect = boundingRect.union(
      CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
  }

  /// Draws a quadratic curve to `point`.
  public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) { include(point) }

  /// Draws a cubic curve to `point`.
  public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
    include(point)
  }

  /// Closes the current part.
  public mutating func closeSubpath() {}

  /// The path itself.
  public func path(in rect: CGRect) -> Path { self }

  private mutating func include(_ point: CGPoint) {
    boundingRect = boundingRect.union(CGRect(origin: point, size: .zero))
  }

  /// Hashes the bounds.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(boundingRect.origin.x)
    hasher.combine(boundingRect.origin.y)
    hasher.combine(boundingRect.width)
    hasher.combine(boundingRect.height)
  }
}

/// How a shape's outline is drawn, as SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Hashable, Sendable {
  /// The line's width.
  public var lineWidth: CGFloat
  /// How line ends are drawn.
  public var lineCap: CGLineCap
  /// How corners are drawn.
  public var lineJoin: CGLineJoin
  /// The dash pattern.
  public var dash: [Double]

  /// A stroke style.
  public init(
    lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
    miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.dash = dash
  }
}

/// How line ends are drawn (CoreGraphics' `CGLineCap`, which SwiftUI's `StrokeStyle` takes).
public enum CGLineCap: Hashable, Sendable {
  /// Square at the end point.
  case butt
  /// Rounded.
  case round
  /// Square past the end point.
  case square
}

/// How corners are drawn (CoreGraphics' `CGLineJoin`).
public enum CGLineJoin: Hashable, Sendable {
  /// Sharp.
  case miter
  /// Rounded.
  case round
  /// Cut off.
  case bevel
}

/// What fills or outlines a shape: a color, a gradient.
public protocol ShapeStyle: Sendable {}

extension Color: ShapeStyle {}

/// Colors along a line, as SwiftUI's `Gradient`.
public struct Gradient: Hashable, Sendable {
  /// The colors, in order.
  public var colors: [Color]
  /// A gradient through `colors`.
  public init(colors: [Color]) { self.colors = colors }
}

/// A gradient along a line, as SwiftUI's `LinearGradient`.
nonisolated public struct LinearGradient: ShapeStyle, View, _PrimitiveView {
  /// A gradient from `startPoint` to `endPoint`.
  public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {}
  /// A gradient through `colors` from `startPoint` to `endPoint`.
  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
  /// Nothing a person could read or use.
  nonisolated public var body: ViewContent { ViewContent() }
}

/// A gradient around a center, as SwiftUI's `AngularGradient`.
nonisolated public struct AngularGradient: ShapeStyle, View, _PrimitiveView {
  /// A gradient around `center`.
  public init(
    gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero
  ) {}
  /// A gradient through `colors` around `center`.
  public init(
    colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero
  ) {}
  /// Nothing a person could read or use.
  nonisolated public var body: ViewContent { ViewContent() }
}

/// A gradient out from a center, as SwiftUI's `RadialGradient`.
nonisolated public struct RadialGradient: ShapeStyle, View, _PrimitiveView {
  /// A gradient from `startRadius` to `endRadius` around `center`.
  public init(gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) {}
  /// A gradient through `colors`.
  public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {}
  /// Nothing a person could read or use.
  nonisolated public var body: ViewContent { ViewContent() }
}

extension ShapeStyle where Self == Color {
  /// The primary content color: `.foregroundStyle(.primary)`.
  public static var primary: Color { Color.primary }
  /// The secondary content color.
  public static var secondary: Color { Color.secondary }
  /// The tertiary content color.
  public static var tertiary: Color { Color("tertiary") }
  /// The quaternary content color.
  public static var quaternary: Color { Color("quaternary") }
  /// The tint.
  public static var tint: Color { Color.accentColor }
  /// Red.
  public static var red: Color { Color.red }
  /// Orange.
  public static var orange: Color { Color.orange }
  /// Yellow.
  public static var yellow: Color { Color.yellow }
  /// Green.
  public static var green: Color { Color.green }
  /// Blue.
  public static var blue: Color { Color.blue }
  /// Purple.
  public static var purple: Color { Color.purple }
  /// Pink.
  public static var pink: Color { Color.pink }
  /// Gray.
  public static var gray: Color { Color.gray }
  /// Black.
  public static var black: Color { Color.black }
  /// White.
  public static var white: Color { Color.white }
  /// Clear.
  public static var clear: Color { Color.clear }
}
