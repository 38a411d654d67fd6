// LabelStyle: how a `Label` is drawn, as SwiftUI's; a style of one's own compiles, and a
// headless label shows its title whatever the style.

/// How a `Label` is drawn, as SwiftUI's `LabelStyle`: `makeBody(configuration:)` lays out the
/// configuration's `title` and `icon`.
///
/// Headless, a label reads as its title whatever its style, so `.labelStyle(_:)` keeps that.
@MainActor
public protocol LabelStyle {
  /// The view the style makes.
  associatedtype Body: View
  /// The label's parts.
  typealias Configuration = LabelStyleConfiguration
  /// The label drawn in this style.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The parts of a label, as a `LabelStyle` gets them.
public struct LabelStyleConfiguration {
  /// The label's title, as a view.
  nonisolated public struct Title: View, _PrimitiveView {
    let content: ViewContent
    /// The title's content.
    nonisolated public var body: ViewContent { content }
  }
  /// The label's icon, as a view: nothing a person reads.
  nonisolated public struct Icon: View, _PrimitiveView {
    /// Nothing.
    nonisolated public var body: ViewContent { ViewContent() }
  }
  /// The title.
  public let title: Title
  /// The icon.
  public let icon: Icon
}

/// The label styles SwiftUI names.
public struct NamedLabelStyle: LabelStyle, Sendable {
  let name: String
  /// The title.
  public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

extension LabelStyle where Self == NamedLabelStyle {
  /// Title and icon.
  public static var titleAndIcon: NamedLabelStyle { NamedLabelStyle(name: "titleAndIcon") }
  /// The title alone.
  public static var titleOnly: NamedLabelStyle { NamedLabelStyle(name: "titleOnly") }
  /// The icon alone.
  public static var iconOnly: NamedLabelStyle { NamedLabelStyle(name: "iconOnly") }
  /// The platform's choice.
  public static var automatic: NamedLabelStyle { NamedLabelStyle(name: "automatic") }
}

extension View {
  /// Draws the labels inside with `style`; headless, each still shows its title.
  nonisolated public func labelStyle<S: LabelStyle>(_ style: S) -> ViewContent { _render() }
}
