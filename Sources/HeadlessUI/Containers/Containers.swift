// Groups of views: forms, sections, lists and menus, which screens show as groups; stacks and
// groups, which only lay out and so pass their content through.

/// A form: its content grouped.
nonisolated public struct Form: View, _PrimitiveView {
  let content: ViewContent

  /// A form of `content`.
  public init(@ViewBuilder content: () -> ViewContent) { self.content = content() }

  /// A form node around the content's nodes; the content's title and presentations pass through.
  public var body: ViewContent { content.grouped(as: .form, label: "") }
}

/// A section of a form or list, with an optional header.
nonisolated public struct Section: View, _PrimitiveView {
  let header: String
  let content: ViewContent

  /// A section of `content`.
  public init(@ViewBuilder content: () -> ViewContent) {
    self.header = ""
    self.content = content()
  }

  /// A section headed `header`.
  public init(_ header: String, @ViewBuilder content: () -> ViewContent) {
    self.header = header
    self.content = content()
  }

  /// A section node labelled with its header.
  public var body: ViewContent { content.grouped(as: .section, label: header) }
}

/// A list of rows.
nonisolated public struct List: View, _PrimitiveView {
  let content: ViewContent

  /// A list of `content`.
  public init(@ViewBuilder content: () -> ViewContent) { self.content = content() }

  /// A list node around the rows.
  public var body: ViewContent { content.grouped(as: .list, label: "") }
}

/// A menu: a labelled group of buttons, each tappable.
nonisolated public struct Menu: View, _PrimitiveView {
  let title: String
  let content: ViewContent

  /// A menu called `title` holding `content`.
  public init(_ title: String, @ViewBuilder content: () -> ViewContent) {
    self.title = title
    self.content = content()
  }

  /// A menu node labelled `title`.
  public var body: ViewContent { content.grouped(as: .menu, label: title) }
}

/// One view per element of a collection, as SwiftUI's `ForEach`.
nonisolated public struct ForEach: View, _PrimitiveView {
  let content: ViewContent

  /// The content of each element of `data`, in order, each view of an element identified by
  /// its offset (SwiftUI's `ForEach(0..<n)` and `ForEach(Array(x.enumerated()), id: \.offset)`).
  public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> ViewContent) {
    var joined = ViewContent()
    for (offset, element) in data.enumerated() {
      let id = (element as? any Identifiable).map { Self.identity(of: $0) } ?? AnyHashable(offset)
      joined.merge(ViewIdentity.element(id) { content(element) })
    }
    self.content = joined
  }

  /// The content of each element of `data`, each element's views identified by its `id`: a
  /// row's `@State` and `.task` follow its element when the rows move.
  public init<Data: Sequence, ID: Hashable>(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: (Data.Element) -> ViewContent
  ) {
    var joined = ViewContent()
    for element in data {
      joined.merge(ViewIdentity.element(AnyHashable(element[keyPath: id])) { content(element) })
    }
    self.content = joined
  }

  private static func identity<Element: Identifiable>(of element: Element) -> AnyHashable {
    AnyHashable(element.id)
  }

  /// The elements' content, one after the other.
  public var body: ViewContent { content }
}

/// Lays its content out in a row; headless, it passes the content through.
nonisolated public struct HStack: View, _PrimitiveView {
  let content: ViewContent

  /// A row of `content`.
  public init(
    alignment: VerticalAlignment = .center, spacing: Double? = nil,
    @ViewBuilder content: () -> ViewContent
  ) { self.content = content() }

  /// The content.
  public var body: ViewContent { content }
}

/// Lays its content out in a column; headless, it passes the content through.
nonisolated public struct VStack: View, _PrimitiveView {
  let content: ViewContent

  /// A column of `content`.
  public init(
    alignment: HorizontalAlignment = .center, spacing: Double? = nil,
    @ViewBuilder content: () -> ViewContent
  ) { self.content = content() }

  /// The content.
  public var body: ViewContent { content }
}

/// Lays its content out in layers; headless, it passes the content through.
nonisolated public struct ZStack: View, _PrimitiveView {
  let content: ViewContent

  /// Layers of `content`.
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> ViewContent) {
    self.content = content()
  }

  /// The content.
  public var body: ViewContent { content }
}

/// Groups views without showing anything of its own.
nonisolated public struct Group: View, _PrimitiveView {
  let content: ViewContent

  /// The group of `content`.
  public init(@ViewBuilder content: () -> ViewContent) { self.content = content() }

  /// The content.
  public var body: ViewContent { content }
}

/// Vertical alignment in a row; kept for the seeds' syntax.
public enum VerticalAlignment: Sendable {
  /// Tops aligned.
  case top
  /// Centers aligned.
  case center
  /// Bottoms aligned.
  case bottom
}

/// Horizontal alignment in a column; kept for the seeds' syntax.
public enum HorizontalAlignment: Sendable {
  /// Leading edges aligned.
  case leading
  /// Centers aligned.
  case center
  /// Trailing edges aligned.
  case trailing
}

extension ViewContent {
  /// The content with its nodes inside one group node of `kind`.
  func grouped(as kind: ScreenNode.Kind, label: String) -> ViewContent {
    replacingNodes(with: ScreenNode(kind: kind, label: label, children: nodes))
  }
}

/// Alignment in two dimensions; kept for SwiftUI's syntax.
public struct Alignment: Sendable, Equatable {
  let name: String

  /// Centered.
  public static let center = Alignment(name: "center")
  /// Leading edge, vertically centered.
  public static let leading = Alignment(name: "leading")
  /// Trailing edge, vertically centered.
  public static let trailing = Alignment(name: "trailing")
  /// Top edge, horizontally centered.
  public static let top = Alignment(name: "top")
  /// Bottom edge, horizontally centered.
  public static let bottom = Alignment(name: "bottom")
  /// The top leading corner.
  public static let topLeading = Alignment(name: "topLeading")
  /// The top trailing corner.
  public static let topTrailing = Alignment(name: "topTrailing")
  /// The bottom leading corner.
  public static let bottomLeading = Alignment(name: "bottomLeading")
  /// The bottom trailing corner.
  public static let bottomTrailing = Alignment(name: "bottomTrailing")
}
