// Texts, images and the other things a screen shows without being used.

import Foundation

/// A piece of text.
nonisolated public struct Text: View, _PrimitiveView {
  let string: String

  /// Shows `string`.
  public init(_ string: String) { self.string = string }

  /// Shows `content` as it is.
  public init<S: StringProtocol>(verbatim content: S) { self.string = String(content) }

  /// Shows `content`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) { self.string = String(content) }

  /// The text node.
  public var body: ViewContent { ViewContent(node: ScreenNode(kind: .text, label: string)) }
}

/// An image, named by its symbol (`plus`, `minus`, `trash`): what a button made of an image is
/// called.
nonisolated public struct Image: View, _PrimitiveView {
  let name: String

  /// Shows the symbol `systemName`.
  public init(systemName: String) { self.name = systemName }

  /// Shows the image `name` from the app's assets.
  public init(_ name: String, bundle: Bundle? = nil) { self.name = name }

  /// Shows the image `name`, read by `label` (a decorative image reads as its name).
  public init(_ name: String, bundle: Bundle? = nil, label: Text) { self.name = name }

  /// This image drawn resizable; the same image headless.
  public func resizable() -> Image { self }

  /// This image drawn in `mode`; the same image headless.
  public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }

  /// How an image is drawn.
  public enum TemplateRenderingMode: Hashable, Sendable {
    /// As it is.
    case original
    /// In the foreground color.
    case template
  }

  /// The image node.
  public var body: ViewContent { ViewContent(node: ScreenNode(kind: .image, label: name)) }
}

/// A progress indicator: spinning, or how far along a task is (its value, 0 to 1, as text).
nonisolated public struct ProgressView: View, _PrimitiveView {
  let label: String
  let fraction: Double?

  /// A spinning indicator.
  public init() {
    label = ""
    fraction = nil
  }

  /// A spinning indicator called by `label`'s texts.
  public init(@ViewBuilder label: () -> ViewContent) {
    self.label = label().list.labelText
    fraction = nil
  }

  /// A spinning indicator called `title`.
  public init(_ title: String) {
    label = title
    fraction = nil
  }

  /// An indicator of `value` out of `total`; spinning when `value` is nil.
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
    label = ""
    fraction = value.map { total > 0 ? Double($0 / total) : 0 }
  }

  /// An indicator called `title` of `value` out of `total`.
  public init<V: BinaryFloatingPoint>(_ title: String, value: V?, total: V = 1.0) {
    label = title
    fraction = value.map { total > 0 ? Double($0 / total) : 0 }
  }

  /// An indicator labelled by `label` of `value` out of `total`.
  public init<V: BinaryFloatingPoint>(
    value: V?, total: V = 1.0, @ViewBuilder label: () -> ViewContent
  ) {
    self.label = label().list.labelText
    fraction = value.map { total > 0 ? Double($0 / total) : 0 }
  }

  /// The progress node; its value is the fraction done, when it has one.
  public var body: ViewContent {
    var node = ScreenNode(kind: .progress, label: label)
    node.value = fraction.map { String(format: "%.2f", Swift.min(Swift.max($0, 0), 1)) }
    return ViewContent(node: node)
  }
}

/// Empty space; headless screens have no layout, so it shows nothing.
nonisolated public struct Spacer: View, _PrimitiveView {
  /// Creates the space.
  public init() {}

  /// Nothing.
  public var body: ViewContent { ViewContent() }
}
