// Label: a title with an icon, read as its title.

/// A title with an icon, as SwiftUI's `Label`: a person reads the title, so the screen shows it
/// as a text (and a button labelled with it is called by it).
nonisolated public struct Label: View, _PrimitiveView {
  let title: ViewContent

  /// A label of `title` with the symbol `systemImage`.
  public init(_ title: String, systemImage: String) { self.title = Text(title)._render() }

  /// A label of `title` with the image named `image`.
  public init(_ title: String, image: String) { self.title = Text(title)._render() }

  /// A label made of `title` and `icon` views.
  public init(@ViewBuilder title: () -> ViewContent, @ViewBuilder icon: () -> ViewContent) {
    self.title = title()
  }

  /// The title.
  public var body: ViewContent { title }
}
