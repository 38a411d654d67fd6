// ToolbarItem: one item of a `.toolbar`, placed where SwiftUI would; headless, its content.

/// One item of a `.toolbar { … }`; its content becomes the screen's toolbar nodes.
nonisolated public struct ToolbarItem: View, _PrimitiveView {
  let content: ViewContent

  /// An item showing `content` at `placement`.
  public init(
    placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> ViewContent
  ) {
    self.content = content()
  }

  /// The item's content.
  public var body: ViewContent { content }
}

/// Where a toolbar item goes; a headless screen has one toolbar, so it is kept for the syntax.
public struct ToolbarItemPlacement: Sendable, Equatable {
  let name: String

  /// Where the system puts it.
  public static let automatic = ToolbarItemPlacement(name: "automatic")
  /// The leading edge of the navigation bar.
  public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading")
  /// The trailing edge of the navigation bar.
  public static let topBarTrailing = ToolbarItemPlacement(name: "topBarTrailing")
  /// The primary action's place.
  public static let primaryAction = ToolbarItemPlacement(name: "primaryAction")
  /// A confirming action in a modal.
  public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction")
  /// A cancelling action in a modal.
  public static let cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
  /// The bottom bar.
  public static let bottomBar = ToolbarItemPlacement(name: "bottomBar")
  /// The leading edge of the navigation bar (SwiftUI's older name).
  public static let navigationBarLeading = ToolbarItemPlacement(name: "navigationBarLeading")
  /// The trailing edge of the navigation bar (SwiftUI's older name).
  public static let navigationBarTrailing = ToolbarItemPlacement(name: "navigationBarTrailing")
  /// The middle of the navigation bar.
  public static let principal = ToolbarItemPlacement(name: "principal")
  /// Above the keyboard.
  public static let keyboard = ToolbarItemPlacement(name: "keyboard")
  /// The status area.
  public static let status = ToolbarItemPlacement(name: "status")
  /// A destructive action in a modal.
  public static let destructiveAction = ToolbarItemPlacement(name: "destructiveAction")
}
