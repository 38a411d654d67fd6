// Texts, images and the other things a screen shows without being used.

/// A piece of text.
public struct Text: View {
  let string: String

  /// Shows `string`.
  public init(_ string: String) { self.string = string }

  /// Shows `content` as it is.
  public init<S: StringProtocol>(verbatim content: S) { self.string = String(content) }

  /// Shows a template text (the `Text(template:)` of TCA's case studies), whitespace as
  /// written; the style, as every font, is not drawn.
  public init(template: String, _ style: Font = .body) { self.string = template }

  /// The text node.
  public var body: ViewContent { ViewContent(node: ScreenNode(kind: .text, label: string)) }
}

/// An image, named by its symbol (`plus`, `minus`, `trash`): what a button made of an image is
/// called.
public struct Image: View {
  let name: String

  /// Shows the symbol `systemName`.
  public init(systemName: String) { self.name = systemName }

  /// The image node.
  public var body: ViewContent { ViewContent(node: ScreenNode(kind: .image, label: name)) }
}

/// A spinning progress indicator.
public struct ProgressView: View {
  /// Creates the indicator.
  public init() {}

  /// The progress node.
  public var body: ViewContent { ViewContent(node: ScreenNode(kind: .progress, label: "")) }
}

/// Empty space; headless screens have no layout, so it shows nothing.
public struct Spacer: View {
  /// Creates the space.
  public init() {}

  /// Nothing.
  public var body: ViewContent { ViewContent() }
}
