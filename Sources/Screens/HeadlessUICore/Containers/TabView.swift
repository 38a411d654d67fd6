// TabView: tabs, one shown at a time, selected by tapping its item (`app:select_tab("Profile")`).

/// Views in tabs, as SwiftUI's `TabView`: each child marked with `.tabItem { … }` is a tab,
/// called by its item's label; the selected tab's content is on screen (and only its lifecycle
/// runs), the others are tabs to tap.
///
/// With a `selection` binding, a tab is selected by its `.tag(…)`; without one, the selection
/// is the view's own state, the first tab at first.
nonisolated public struct TabView: View, _PrimitiveView {
  let content: ViewContent
  let selection: Binding<AnyHashable?>

  /// Tabs of `content`, selected by `selection`.
  public init<S: Hashable>(selection: Binding<S>, @ViewBuilder content: () -> ViewContent) {
    self.content = content()
    self.selection = Binding(
      get: { AnyHashable(selection.wrappedValue) },
      set: { if let value = $0?.base as? S { selection.wrappedValue = value } })
  }

  /// Tabs of `content`, the selection kept by the view.
  public init(@ViewBuilder content: () -> ViewContent) {
    self.content = content()
    guard let pass = RenderPass.current else {
      self.selection = .constant(nil)
      return
    }
    let cell = pass.storage.cell(at: pass.nextSlot("TabView"), label: "selection") {
      AnyHashable?.none as Any
    }
    self.selection = Binding(get: { cell.value as? AnyHashable }, set: { cell.value = $0 as Any })
  }

  /// The selected tab's content, then a tab per item.
  public var body: ViewContent {
    let tabs = content.nodes.enumerated().filter { $0.element.kind == .tab }
    guard !tabs.isEmpty else { return content }
    let selection = self.selection
    let selected = selection.wrappedValue
    let selectedIndex =
      tabs.firstIndex { tab in
        (tab.element.tag ?? AnyHashable(tab.offset)) == selected
      } ?? 0
    var shown = ViewContent()
    var bar: [ScreenNode] = []
    for (index, tab) in tabs.enumerated() {
      let key = tab.element.tag ?? AnyHashable(tab.offset)
      var item = ScreenNode(
        kind: .tab, label: tab.element.label, control: .tap({ selection.wrappedValue = key }))
      item.isSelected = index == selectedIndex
      bar.append(item)
      if index == selectedIndex, let inner = tab.element.tabContent { shown = inner }
    }
    let tabBar = ScreenNode(kind: .toolbar, label: "tabs", children: bar)
    // A tab whose content is a navigation stack shows the tab bar over each of its screens.
    if shown.stack != nil {
      shown.overlay.append(tabBar)
      return shown
    }
    var nodes = shown.nodes
    nodes.append(tabBar)
    return shown.replacingNodes(nodes)
  }
}

extension View {
  /// Makes the view a tab of the `TabView` around it, called by `label`'s text.
  nonisolated public func tabItem(@ViewBuilder _ label: () -> ViewContent) -> ViewContent {
    let content = _render()
    var node = ScreenNode(kind: .tab, label: label().list.labelText)
    node.tag = content.list.array.lazy.compactMap(\.tag).first
    node.tabContent = content
    return ViewContent(node: node)
  }
}
