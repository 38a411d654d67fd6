// ButtonStyle: how a `Button` is drawn, as SwiftUI's; a style of one's own compiles, and a
// headless button stays a button called by its label.

/// How a `Button` is drawn, as SwiftUI's `ButtonStyle`: `makeBody(configuration:)` dresses the
/// configuration's `label`.
///
/// Headless, a button is found by its label and tapped whatever its style, so
/// `.buttonStyle(_:)` keeps the buttons as they are.
@MainActor
public protocol ButtonStyle {
  /// The view the style makes.
  associatedtype Body: View
  /// The button's parts.
  typealias Configuration = ButtonStyleConfiguration
  /// The button drawn in this style.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The parts of a button, as a `ButtonStyle` gets them.
public struct ButtonStyleConfiguration {
  /// The button's label, as a view.
  nonisolated public struct Label: View, _PrimitiveView {
    let content: ViewContent
    /// The label's content.
    nonisolated public var body: ViewContent { content }
  }
  /// The label.
  public let label: Label
  /// Whether the button is held down: never, headless.
  public let isPressed: Bool
  /// The button's role.
  public let role: ButtonRole?
}

extension View {
  /// Draws the buttons inside with `style`; headless, each is still a button called by its
  /// label.
  nonisolated public func buttonStyle<S: ButtonStyle>(_ style: S) -> ViewContent { _render() }
}
