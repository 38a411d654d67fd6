// GeometryReader: a view whose content is laid out from its size; headless, a phone's size.

import Foundation

/// The size and frame a `GeometryReader` gives its content.
public struct GeometryProxy: Sendable {
  /// The space offered: headless, a phone screen's points (390 × 844).
  public let size: CGSize
  /// The safe area's insets: headless, none.
  public let safeAreaInsets = EdgeInsets()

  /// The frame in `space`: at the origin, of `size`.
  public func frame(in space: CoordinateSpace) -> CGRect { CGRect(origin: .zero, size: size) }
}

/// A coordinate space a frame is measured in.
public enum CoordinateSpace: Hashable, Sendable {
  /// The view's own.
  case local
  /// The screen's.
  case global
  /// One named with `.coordinateSpace(name:)`.
  case named(String)
}

/// A view whose content is made from the space it is offered, as SwiftUI's `GeometryReader`:
/// headless, every reader is offered a phone screen's size, so the content renders as it would
/// on one.
nonisolated public struct GeometryReader: View, _PrimitiveView {
  let content: ViewContent

  /// Content made from the reader's geometry.
  public init(@ViewBuilder content: (GeometryProxy) -> ViewContent) {
    self.content = content(GeometryProxy(size: CGSize(width: 390, height: 844)))
  }

  /// The content.
  public var body: ViewContent { content }
}
