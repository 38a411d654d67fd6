// Label: a title with an icon, read as its title.

/// A title with an icon, as SwiftUI's `Label`: a person reads the title, so the screen shows it
/// as a text (and a button labelled with it is called by it).
nonisolated public struct Label: View, _PrimitiveView {
  let title: ViewContent

  /// A label of `title` with the symbol `systemImage`.
  public init(_ title: String, systemImage: String) { self.title = Text(title)._render() }

  /// A label of `title` with the image named `image`.
  public init(_ title: String, image: String) { self.title = Text(title)._render() }

  /// A label made of `title` and `icon` views.
  public init(@ViewBuilder title: () -> ViewContent, @ViewBuilder icon: () -> ViewContent) {
    self.title = title()
  }

  /// The title.
  public var body: ViewContent { title }
}

/// How a `Label` is drawn, as SwiftUI's `LabelStyle`; headless, every label shows its title.
public protocol LabelStyle {}

/// The title and icon of a label, as a `LabelStyle` gets them.
public struct LabelStyleConfiguration {
  /// The title.
  public let title: ViewContent
  /// The icon.
  public let icon: ViewContent
}

/// The label styles SwiftUI names.
public struct NamedLabelStyle: LabelStyle, Sendable {
  let name: String
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
