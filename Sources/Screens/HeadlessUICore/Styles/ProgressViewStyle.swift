// ProgressViewStyle: how a `ProgressView` is drawn, as SwiftUI's; a style of one's own compiles
// and, headless, draws the progress it is given.

/// How a `ProgressView` is drawn, as SwiftUI's `ProgressViewStyle`.
///
/// A style of one's own typically wraps `ProgressView(configuration)`; headless, a progress view
/// shows its fraction whatever the style, so `.progressViewStyle(_:)` keeps the views as they are.
@MainActor
public protocol ProgressViewStyle {
  /// The view the style makes.
  associatedtype Body: View
  /// The progress to draw.
  typealias Configuration = ProgressViewStyleConfiguration
  /// The progress drawn in this style.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The progress a `ProgressViewStyle` draws.
public struct ProgressViewStyleConfiguration {
  /// How much is done, 0 to 1, or `nil` while it is not known.
  public let fractionCompleted: Double?
}

/// The progress view styles SwiftUI names.
public struct NamedProgressViewStyle: ProgressViewStyle, Sendable {
  let name: String
  /// The progress as it is.
  public func makeBody(configuration: Configuration) -> some View {
    ProgressView(configuration)
  }
}

extension ProgressViewStyle where Self == NamedProgressViewStyle {
  /// A bar.
  public static var linear: NamedProgressViewStyle { NamedProgressViewStyle(name: "linear") }
  /// A spinner.
  public static var circular: NamedProgressViewStyle { NamedProgressViewStyle(name: "circular") }
  /// The platform's choice.
  public static var automatic: NamedProgressViewStyle {
    NamedProgressViewStyle(name: "automatic")
  }
}

extension ProgressView {
  /// A progress view of `configuration`'s progress, as a style draws it.
  public init(_ configuration: ProgressViewStyleConfiguration) {
    self.init(value: configuration.fractionCompleted, total: 1.0)
  }
}

extension View {
  /// Draws the progress views inside with `style`; headless, each shows its fraction.
  nonisolated public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> ViewContent {
    _render()
  }
}
