// DisclosureGroup: content that shows when its label is tapped.

/// Content behind a label that shows or hides it, as SwiftUI's `DisclosureGroup`: tapping
/// the label toggles it; the content is on screen only while expanded.
///
/// Without an `isExpanded` binding, whether it is expanded is the group's own view state.
nonisolated public struct DisclosureGroup: View, _PrimitiveView {
  let label: String
  let isExpanded: Binding<Bool>
  let content: () -> ViewContent

  /// A group called `title` over `content`.
  public init(_ title: String, @ViewBuilder content: @escaping () -> ViewContent) {
    self.label = title
    self.isExpanded = Self.ownState()
    self.content = content
  }

  /// A group called `title` over `content`, expanded while `isExpanded` is true.
  public init(
    _ title: String, isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> ViewContent
  ) {
    self.label = title
    self.isExpanded = isExpanded
    self.content = content
  }

  /// A group labelled by `label` over `content`.
  public init(
    @ViewBuilder content: @escaping () -> ViewContent, @ViewBuilder label: () -> ViewContent
  ) {
    self.label = label().list.labelText
    self.isExpanded = Self.ownState()
    self.content = content
  }

  /// Whether the group is expanded, kept by its identity in the host (collapsed at first).
  private static func ownState() -> Binding<Bool> {
    guard let pass = RenderPass.current else { return .constant(false) }
    let cell = pass.storage.cell(at: pass.nextSlot("DisclosureGroup"), label: "isExpanded") {
      false
    }
    return Binding(get: { cell.value as? Bool ?? false }, set: { cell.value = $0 })
  }

  /// The group node; its content inside while expanded.
  public var body: ViewContent {
    let isExpanded = self.isExpanded
    let expanded = isExpanded.wrappedValue
    var node = ScreenNode(
      kind: .disclosure, label: label,
      control: .tap({ isExpanded.wrappedValue = !isExpanded.wrappedValue }))
    node.value = expanded ? "expanded" : "collapsed"
    guard expanded else { return ViewContent(node: node) }
    let inner = content()
    node.children = inner.nodes
    return inner.replacingNodes(with: node)
  }
}
