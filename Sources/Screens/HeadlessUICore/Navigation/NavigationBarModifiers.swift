// The navigation bar's items and looks, as SwiftUI's `.navigationBarItems` and kin: items are
// on the screen's toolbar, the rest is drawing.

extension View {
  /// Puts `leading` and `trailing` on the screen's navigation bar (SwiftUI's older form of
  /// `.toolbar`): their controls are on the screen's toolbar.
  nonisolated public func navigationBarItems<L: View, T: View>(leading: L, trailing: T)
    -> ViewContent
  {
    var content = _render()
    let items = [leading._render(), trailing._render()]
    for item in items {
      content.toolbar += item.nodes + item.toolbar
      content.presentations += item.presentations
    }
    return content
  }

  /// Puts `leading` on the screen's navigation bar.
  nonisolated public func navigationBarItems<L: View>(leading: L) -> ViewContent {
    navigationBarItems(leading: leading, trailing: EmptyView())
  }

  /// Puts `trailing` on the screen's navigation bar.
  nonisolated public func navigationBarItems<T: View>(trailing: T) -> ViewContent {
    navigationBarItems(leading: EmptyView(), trailing: trailing)
  }

  /// Sets the navigation title to `title`'s text.
  nonisolated public func navigationTitle(_ title: Text) -> ViewContent {
    navigationTitle(title._render().list.labelText)
  }

  /// Sets the navigation title to `key`'s text.
  nonisolated public func navigationTitle(_ key: LocalizedStringKey) -> ViewContent {
    navigationTitle(key.key)
  }

  /// Sets the navigation bar's title (SwiftUI's older form).
  nonisolated public func navigationBarTitle(
    _ title: String, displayMode: NavigationBarItem.TitleDisplayMode = .automatic
  ) -> ViewContent {
    navigationTitle(title)
  }

  /// Hides the back button; headless, going back is the script's `back()`, always offered.
  nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true)
    -> ViewContent
  { _render() }

  /// Hides the navigation bar; ignored.
  nonisolated public func navigationBarHidden(_ hidden: Bool) -> ViewContent { _render() }

  /// Sets the toolbar's background; ignored.
  nonisolated public func toolbarBackground(_ visibility: Visibility) -> ViewContent { _render() }

  /// Shows or hides the toolbar; ignored.
  nonisolated public func toolbar(_ visibility: Visibility) -> ViewContent { _render() }
}

/// The navigation bar's title modes, as SwiftUI's `NavigationBarItem`.
public enum NavigationBarItem {
  /// How the title is shown.
  public enum TitleDisplayMode: Hashable, Sendable {
    /// As the platform decides.
    case automatic
    /// Small, inline.
    case inline
    /// Large.
    case large
  }
}
