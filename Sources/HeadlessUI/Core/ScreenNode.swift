// What a rendered view is made of: texts, controls and the groups around them.

/// One element of what a view shows: a text, an image, a control, or a group of them.
///
/// A node is data (its kind, label, value, whether it is enabled) plus, for controls, what using
/// it does. Rendering a view again gives new nodes; nothing is kept between renders.
public struct ScreenNode: @unchecked Sendable {
  /// What kind of element a node is.
  public enum Kind: String, Sendable, CaseIterable {
    /// A `Form`: a group of sections and controls.
    case form
    /// A `Section`, with its header as the label.
    case section
    /// A `List` of rows.
    case list
    /// A `Menu`: a labelled group of buttons.
    case menu
    /// A toolbar's items.
    case toolbar
    /// A piece of text.
    case text
    /// An image, labelled with its symbol name (`plus`, `trash`).
    case image
    /// A progress indicator.
    case progress
    /// A `Button`.
    case button
    /// A `NavigationLink` that pushes a state onto the enclosing stack.
    case link
    /// A `TextField`; its value is the text in it.
    case textField
    /// A `Picker`; its value is the selected option's label.
    case picker
    /// One option of a `Picker` (a segment of a segmented picker).
    case option
    /// A `Toggle`; its value is `on` or `off`.
    case toggle
  }

  /// The node's kind.
  public var kind: Kind
  /// What it shows: a text's text, a control's label, a section's header (`""` when none).
  public var label: String
  /// A field's text, a picker's selected option, a toggle's `on` or `off`.
  public var value: String?
  /// A button's role: `cancel` or `destructive`.
  public var role: String?
  /// Whether the control can be used (`.disabled(true)` makes it `false`).
  public var isEnabled = true
  /// Whether a picker's option is the selected one.
  public var isSelected = false
  /// The nodes inside a group (a form, a section, a list, a menu, a picker's options).
  public var children: [ScreenNode] = []
  /// What using the node does, for controls.
  var control: Control?
  /// The value `.tag(_:)` gave the node, which a `Picker` selects.
  var tag: AnyHashable?

  /// Creates a node.
  public init(
    kind: Kind, label: String, value: String? = nil, role: String? = nil,
    children: [ScreenNode] = []
  ) {
    self.kind = kind
    self.label = label
    self.value = value
    self.role = role
    self.children = children
  }

  init(kind: Kind, label: String, control: Control?, role: String? = nil) {
    self.init(kind: kind, label: label, role: role)
    self.control = control
  }

  /// Whether the node is a control that can be tapped (a button, a link, an option, a toggle),
  /// enabled or not.
  public var isTappable: Bool {
    switch kind {
    case .button, .link, .option, .toggle: control != nil || !isEnabled
    default: false
    }
  }

  /// Whether text can be typed into the node.
  public var isTypable: Bool { kind == .textField && control != nil }

  /// The node and every node inside it, in reading order.
  public var flattened: [ScreenNode] {
    var nodes: [ScreenNode] = []
    appendFlattened(to: &nodes) { _ in true }
    return nodes
  }

  /// Appends the non-empty labels of this node's texts and images, and of those inside it, in
  /// reading order.
  func appendLabels(to labels: inout [String]) {
    if kind == .text || kind == .image, !label.isEmpty { labels.append(label) }
    for child in children { child.appendLabels(to: &labels) }
  }

  /// Appends this node and the nodes inside it that `isIncluded` accepts, in reading order.
  func appendFlattened(to nodes: inout [ScreenNode], where isIncluded: (ScreenNode) -> Bool) {
    if isIncluded(self) { nodes.append(self) }
    for child in children { child.appendFlattened(to: &nodes, where: isIncluded) }
  }
}

extension Array where Element == ScreenNode {
  /// The text the nodes show, joined by spaces: what a button whose label is made of texts and
  /// images is called.
  var labelText: String {
    // Most labels are one text or one image: no arrays for them.
    if count == 1, let only = first, only.children.isEmpty {
      return only.kind == .text || only.kind == .image ? only.label : ""
    }
    var parts: [String] = []
    for node in self {
      node.appendLabels(to: &parts)
    }
    return parts.joined(separator: " ")
  }
}
