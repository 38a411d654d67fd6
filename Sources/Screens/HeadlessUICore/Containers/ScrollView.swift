// Scroll views and empty views: layout with nothing of their own to show.

/// A scrollable region, as SwiftUI's `ScrollView`: headless, all its content is on screen.
nonisolated public struct ScrollView: View, _PrimitiveView {
  let content: ViewContent

  /// A region scrolling along `axes`.
  public init(
    _ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
    @ViewBuilder content: () -> ViewContent
  ) {
    self.content = content()
  }

  /// The content.
  public var body: ViewContent { content }
}

/// Scrolls a `ScrollView` to a view by its id, as SwiftUI's `ScrollViewProxy`: headless, every
/// view is already on screen.
public struct ScrollViewProxy: Sendable {
  /// Scrolls to the view with `id`.
  public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}

/// Content that can scroll its scroll views, as SwiftUI's `ScrollViewReader`.
nonisolated public struct ScrollViewReader: View, _PrimitiveView {
  let content: ViewContent

  /// Content made with a proxy that scrolls.
  public init(@ViewBuilder content: (ScrollViewProxy) -> ViewContent) {
    self.content = content(ScrollViewProxy())
  }

  /// The content.
  public var body: ViewContent { content }
}

/// A view that shows nothing, as SwiftUI's `EmptyView`.
nonisolated public struct EmptyView: View, _PrimitiveView {
  /// The empty view.
  public init() {}

  /// Nothing.
  public var body: ViewContent { ViewContent() }
}

/// Content laid out on top of each other as available space allows, as SwiftUI's
/// `ViewThatFits`: headless, the first fits.
nonisolated public struct ViewThatFits: View, _PrimitiveView {
  let content: ViewContent

  /// The first of `content`'s views.
  public init(
    in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> ViewContent
  ) {
    let all = content()
    self.content = all.list.array.first.map { all.replacingNodes(with: $0) } ?? all
  }

  /// The view that fits.
  public var body: ViewContent { content }
}
