// Groups of views: forms, sections, lists and menus, which screens show as groups; stacks and
// groups, which only lay out and so pass their content through.

import Foundation

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

  /// A section headed by the texts of `header`, with a `footer` after its content.
  public init(
    @ViewBuilder content: () -> ViewContent, @ViewBuilder header: () -> ViewContent,
    @ViewBuilder footer: () -> ViewContent = { ViewContent() }
  ) {
    self.header = header().list.labelText
    var content = content()
    content.merge(footer())
    self.content = content
  }

  /// A section with a `footer` after its content.
  public init(
    @ViewBuilder content: () -> ViewContent, @ViewBuilder footer: () -> ViewContent
  ) {
    self.header = ""
    var content = content()
    content.merge(footer())
    self.content = content
  }

  /// A section headed by `header`'s texts, with `footer` after (SwiftUI's older form).
  public init<Header: View, Footer: View>(
    header: Header, footer: Footer, @ViewBuilder content: () -> ViewContent
  ) {
    self.header = header._render().list.labelText
    var content = content()
    content.merge(footer._render())
    self.content = content
  }

  /// A section headed by `header`'s texts (SwiftUI's older form).
  public init<Header: View>(header: Header, @ViewBuilder content: () -> ViewContent) {
    self.header = header._render().list.labelText
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

/// Lays its content out in a row; headless, it passes the content through.
nonisolated public struct HStack: View, _PrimitiveView {
  let content: ViewContent

  /// A row of `content`.
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
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
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
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

extension ViewContent {
  /// The content with its nodes inside one group node of `kind`.
  func grouped(as kind: ScreenNode.Kind, label: String) -> ViewContent {
    replacingNodes(with: ScreenNode(kind: kind, label: label, children: nodes))
  }
}
