// Texts, images and the other things a screen shows without being used.

/// A piece of text.
nonisolated public struct Text: View, _PrimitiveView {
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
nonisolated public struct Image: View, _PrimitiveView {
  let name: String

  /// Shows the symbol `systemName`.
  public init(systemName: String) { self.name = systemName }

  /// The image node.
  public var body: ViewContent { ViewContent(node: ScreenNode(kind: .image, label: name)) }
}

/// A spinning progress indicator.
nonisolated public struct ProgressView: View, _PrimitiveView {
  /// Creates the indicator.
  public init() {}

  /// The progress node.
  public var body: ViewContent { ViewContent(node: ScreenNode(kind: .progress, label: "")) }
}

/// Empty space; headless screens have no layout, so it shows nothing.
nonisolated public struct Spacer: View, _PrimitiveView {
  /// Creates the space.
  public init() {}

  /// Nothing.
  public var body: ViewContent { ViewContent() }
}
