// NavigationView, SwiftUI's navigation context before NavigationStack.

/// A navigation context, as SwiftUI's deprecated `NavigationView`: the same as a
/// `NavigationStack` without a path.
nonisolated public struct NavigationView: View, _PrimitiveView {
  let content: ViewContent

  /// A navigation context around `content`.
  public init(@ViewBuilder content: () -> ViewContent) {
    self.content = NavigationStack(content: content)._render()
  }

  /// The content.
  public var body: ViewContent { content }
}

/// The style of a `NavigationView`, as SwiftUI's: headless, one style.
public struct NavigationViewStyleValue: Sendable, Hashable {
  let name: String
  /// A stack.
  public static let stack = NavigationViewStyleValue(name: "stack")
  /// Columns.
  public static let columns = NavigationViewStyleValue(name: "columns")
  /// The platform's choice.
  public static let automatic = NavigationViewStyleValue(name: "automatic")
}

extension View {
  /// Styles the navigation views inside; headless, there is one style.
  nonisolated public func navigationViewStyle(_ style: NavigationViewStyleValue) -> ViewContent {
    _render()
  }
}
