// A preview's traits, and what `#Preview` expands to.

/// A preview's trait (its layout, orientation), as SwiftUI's; headless, none has an effect.
public struct PreviewTrait: Sendable {
  let name: String

  /// The preview fits its content.
  public static let sizeThatFitsLayout = PreviewTrait(name: "sizeThatFitsLayout")
  /// The preview is laid out as on a device.
  public static let defaultLayout = PreviewTrait(name: "defaultLayout")
  /// The preview is in portrait.
  public static let portrait = PreviewTrait(name: "portrait")
  /// The preview is in landscape.
  public static let landscapeLeft = PreviewTrait(name: "landscapeLeft")
  /// The preview is in landscape.
  public static let landscapeRight = PreviewTrait(name: "landscapeRight")
  /// A fixed size.
  public static func fixedLayout(width: Double, height: Double) -> PreviewTrait {
    PreviewTrait(name: "fixedLayout")
  }
}

/// A preview `#Preview` declared: its name and the view it shows.
///
/// What the macro expands to; not for apps to write.
@MainActor
public protocol _HeadlessPreview {
  /// The preview's name, if it has one.
  nonisolated static var name: String? { get }
  /// Where it is declared: `File.swift:12`.
  nonisolated static var location: String { get }
  /// Makes the view.
  static func makeView() -> any View
  /// The preview's view, made and rendered on the rendering thread, as every view is.
  nonisolated static func _renderView() -> ViewContent
}
