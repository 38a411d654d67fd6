// Drawing effects and layout details: they compile, and a headless screen ignores them, because
// nothing they do can be read as text or used.

import Foundation

extension View {
  /// Rotates the view; ignored.
  nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center)
    -> ViewContent
  { _render() }
  /// Rotates the view in 3D; ignored.
  nonisolated public func rotation3DEffect(
    _ angle: Angle, axis: (x: Double, y: Double, z: Double), anchor: UnitPoint = .center
  ) -> ViewContent { _render() }
  /// Scales the view by `x` and `y`; ignored.
  nonisolated public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center)
    -> ViewContent
  { _render() }
  /// Scales the view by `scale` around `anchor`; ignored.
  nonisolated public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint) -> ViewContent {
    _render()
  }
  /// Moves the view by `offset`; ignored.
  nonisolated public func offset(_ offset: CGSize) -> ViewContent { _render() }
  /// Places the view's center at `x`, `y`; ignored.
  nonisolated public func position(x: CGFloat = 0, y: CGFloat = 0) -> ViewContent { _render() }
  /// Places the view's center at `position`; ignored.
  nonisolated public func position(_ position: CGPoint) -> ViewContent { _render() }
  /// Keeps the view's aspect ratio; ignored.
  nonisolated public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode)
    -> ViewContent
  { _render() }
  /// Fits the view in its frame; ignored.
  nonisolated public func scaledToFit() -> ViewContent { _render() }
  /// Fills the frame with the view; ignored.
  nonisolated public func scaledToFill() -> ViewContent { _render() }
  /// Keeps the view at its ideal size; ignored.
  nonisolated public func fixedSize(horizontal: Bool = true, vertical: Bool = true)
    -> ViewContent
  { _render() }
  /// Gives the view a layout priority; ignored.
  nonisolated public func layoutPriority(_ value: Double) -> ViewContent { _render() }
  /// Orders overlapping views; ignored.
  nonisolated public func zIndex(_ value: Double) -> ViewContent { _render() }
  /// Inverts the colors; ignored.
  nonisolated public func colorInvert() -> ViewContent { _render() }
  /// Multiplies the colors by `color`; ignored.
  nonisolated public func colorMultiply(_ color: Color) -> ViewContent { _render() }
  /// Blends the view with what is behind it; ignored.
  nonisolated public func blendMode(_ mode: BlendMode) -> ViewContent { _render() }
  /// Blurs the view; ignored.
  nonisolated public func blur(radius: CGFloat, opaque: Bool = false) -> ViewContent { _render() }
  /// Changes the brightness; ignored.
  nonisolated public func brightness(_ amount: Double) -> ViewContent { _render() }
  /// Changes the contrast; ignored.
  nonisolated public func contrast(_ amount: Double) -> ViewContent { _render() }
  /// Changes the saturation; ignored.
  nonisolated public func saturation(_ amount: Double) -> ViewContent { _render() }
  /// Makes the view gray; ignored.
  nonisolated public func grayscale(_ amount: Double) -> ViewContent { _render() }
  /// Draws a border; ignored.
  nonisolated public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> ViewContent {
    _render()
  }
  /// Clips the view to `shape`; ignored.
  nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle())
    -> ViewContent
  { _render() }
  /// Makes `shape` the view's hit area; ignored.
  nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> ViewContent {
    _render()
  }
  /// Whether the view takes taps; ignored (a person's taps are the script's).
  nonisolated public func allowsHitTesting(_ enabled: Bool) -> ViewContent { _render() }
  /// Draws the view's symbols in `variant`; ignored.
  nonisolated public func symbolVariant(_ variant: SymbolVariants) -> ViewContent { _render() }
  /// Renders the symbols in `mode`; ignored.
  nonisolated public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> ViewContent {
    _render()
  }
  /// Sets the preferred color scheme; ignored.
  nonisolated public func preferredColorScheme(_ scheme: ColorScheme?) -> ViewContent {
    _render()
  }
  /// Ignores the safe area; ignored.
  nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all)
    -> ViewContent
  { _render() }
  /// Ignores the safe area (SwiftUI's older form); ignored.
  nonisolated public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> ViewContent { _render() }
  /// Draws the view offscreen first; ignored.
  nonisolated public func drawingGroup(opaque: Bool = false) -> ViewContent { _render() }
  /// Renders the view as one layer; ignored.
  nonisolated public func compositingGroup() -> ViewContent { _render() }
  /// Makes text scale down to `factor` to fit; ignored.
  nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> ViewContent { _render() }
  /// Spaces lines by `spacing`; ignored.
  nonisolated public func lineSpacing(_ spacing: CGFloat) -> ViewContent { _render() }
  /// Truncates text in `mode`; ignored.
  nonisolated public func truncationMode(_ mode: Text.TruncationMode) -> ViewContent { _render() }
  /// Sets the text's case; ignored.
  nonisolated public func textCase(_ textCase: Text.Case?) -> ViewContent { _render() }
  /// Sets the dynamic type size; ignored.
  nonisolated public func dynamicTypeSize(_ size: DynamicTypeSize) -> ViewContent { _render() }
  /// Names a coordinate space; ignored.
  nonisolated public func coordinateSpace(name: String) -> ViewContent { _render() }
  /// Sets the presentation's detents (a sheet's heights); ignored.
  nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>) -> ViewContent {
    _render()
  }
  /// Shows or hides the presentation's drag indicator; ignored.
  nonisolated public func presentationDragIndicator(_ visibility: Visibility) -> ViewContent {
    _render()
  }
  /// Hides the view's separator in a list; ignored.
  nonisolated public func listRowSeparator(_ visibility: Visibility) -> ViewContent { _render() }
  /// Sets the row's background in a list; ignored.
  nonisolated public func listRowBackground<V: View>(_ view: V?) -> ViewContent { _render() }
  /// Sets the row's insets in a list; ignored.
  nonisolated public func listRowInsets(_ insets: EdgeInsets?) -> ViewContent { _render() }
  /// Sets the sections' spacing in a list; ignored.
  nonisolated public func listSectionSeparator(_ visibility: Visibility) -> ViewContent {
    _render()
  }
  /// Scrolls content with `scrollDismissesKeyboard`; ignored.
  nonisolated public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode)
    -> ViewContent
  { _render() }
  /// Hides the scroll content's background; ignored.
  nonisolated public func scrollContentBackground(_ visibility: Visibility) -> ViewContent {
    _render()
  }
  /// Sets the toggles' style; ignored.
  nonisolated public func toggleStyle(_ style: NamedStyle) -> ViewContent { _render() }
  /// Sets the control size; ignored.
  nonisolated public func controlSize(_ size: ControlSize) -> ViewContent { _render() }
  /// Sets the status bar's visibility; ignored.
  nonisolated public func statusBarHidden(_ hidden: Bool = true) -> ViewContent { _render() }
}

/// How a path is filled, as SwiftUI's `FillStyle`.
public struct FillStyle: Hashable, Sendable {
  /// Whether to use the even-odd rule.
  public var isEOFilled: Bool
  /// Whether to antialias.
  public var isAntialiased: Bool
  /// A fill style.
  public init(eoFill: Bool = false, antialiased: Bool = true) {
    isEOFilled = eoFill
    isAntialiased = antialiased
  }
}

/// A variant of a symbol (filled, circled), as SwiftUI's `SymbolVariants`.
public struct SymbolVariants: Hashable, Sendable {
  let name: String
  /// No variant.
  public static let none = SymbolVariants(name: "none")
  /// Filled.
  public static let fill = SymbolVariants(name: "fill")
  /// In a circle.
  public static let circle = SymbolVariants(name: "circle")
  /// In a square.
  public static let square = SymbolVariants(name: "square")
  /// Slashed.
  public static let slash = SymbolVariants(name: "slash")
}

/// How symbols are colored, as SwiftUI's `SymbolRenderingMode`.
public struct SymbolRenderingMode: Hashable, Sendable {
  let name: String
  /// One color.
  public static let monochrome = SymbolRenderingMode(name: "monochrome")
  /// Several colors.
  public static let multicolor = SymbolRenderingMode(name: "multicolor")
  /// Layers of one color.
  public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
  /// Colors per layer.
  public static let palette = SymbolRenderingMode(name: "palette")
}

/// The safe area's regions, as SwiftUI's `SafeAreaRegions`.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
  /// The regions, as bits.
  public let rawValue: Int
  /// The set with `rawValue`'s bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The container's.
  public static let container = SafeAreaRegions(rawValue: 1)
  /// The keyboard's.
  public static let keyboard = SafeAreaRegions(rawValue: 2)
  /// Every region.
  public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// A type size, as SwiftUI's `DynamicTypeSize`.
public enum DynamicTypeSize: Hashable, Sendable, CaseIterable {
  /// Small.
  case small
  /// Medium.
  case medium
  /// Large, the default.
  case large
  /// Extra large.
  case xLarge
  /// Accessibility sizes.
  case accessibility1
}

/// A sheet's height, as SwiftUI's `PresentationDetent`.
public struct PresentationDetent: Hashable, Sendable {
  let name: String
  /// Half the screen.
  public static let medium = PresentationDetent(name: "medium")
  /// The whole screen.
  public static let large = PresentationDetent(name: "large")
  /// A height of `height` points.
  public static func height(_ height: Double) -> PresentationDetent {
    PresentationDetent(name: "height \(height)")
  }
  /// A fraction of the screen.
  public static func fraction(_ fraction: Double) -> PresentationDetent {
    PresentationDetent(name: "fraction \(fraction)")
  }
}

/// How scrolling dismisses the keyboard, as SwiftUI's `ScrollDismissesKeyboardMode`.
public struct ScrollDismissesKeyboardMode: Hashable, Sendable {
  let name: String
  /// The platform's choice.
  public static let automatic = ScrollDismissesKeyboardMode(name: "automatic")
  /// At once.
  public static let immediately = ScrollDismissesKeyboardMode(name: "immediately")
  /// Interactively.
  public static let interactively = ScrollDismissesKeyboardMode(name: "interactively")
  /// Never.
  public static let never = ScrollDismissesKeyboardMode(name: "never")
}

/// A control's size, as SwiftUI's `ControlSize`.
public enum ControlSize: Hashable, Sendable, CaseIterable {
  /// Mini.
  case mini
  /// Small.
  case small
  /// Regular.
  case regular
  /// Large.
  case large
}
