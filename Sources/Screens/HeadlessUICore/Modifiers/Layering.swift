// Overlays and backgrounds made of views: what they hold is on screen with the view, so a
// control in an overlay is found and used like any other.

extension View {
  /// Draws `content` over the view: its texts and controls come after the view's.
  nonisolated public func overlay(
    alignment: Alignment = .center, @ViewBuilder content: () -> ViewContent
  ) -> ViewContent {
    var base = _render()
    base.merge(content())
    return base
  }

  /// Draws `overlay` over the view (SwiftUI's older form).
  nonisolated public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center)
    -> ViewContent
  {
    var base = _render()
    base.merge(overlay._render())
    return base
  }

  /// Draws `content` behind the view: its texts and controls come before the view's.
  nonisolated public func background(
    alignment: Alignment = .center, @ViewBuilder content: () -> ViewContent
  ) -> ViewContent {
    var behind = content()
    behind.merge(_render())
    return behind
  }

  /// Draws `background` behind the view (SwiftUI's older form).
  nonisolated public func background<V: View>(_ background: V, alignment: Alignment = .center)
    -> ViewContent
  {
    var behind = background._render()
    behind.merge(_render())
    return behind
  }

  /// Masks the view with `mask`; the mask shows nothing itself.
  nonisolated public func mask<V: View>(_ mask: V) -> ViewContent { _render() }

  /// Masks the view with `content`; the mask shows nothing itself.
  nonisolated public func mask(
    alignment: Alignment = .center, @ViewBuilder _ mask: () -> ViewContent
  ) -> ViewContent {
    _render()
  }
}
