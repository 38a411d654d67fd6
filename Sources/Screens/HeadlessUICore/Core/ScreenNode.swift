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
    /// A `SecureField`; its value is dots, one per character typed.
    case secureField
    /// A `Stepper`; its value is the number it steps.
    case stepper
    /// A `Slider`; its value is the number it sets.
    case slider
    /// A `TabView`'s tab: tapping it selects the tab.
    case tab
    /// A `DisclosureGroup`: tapping it shows or hides what is inside.
    case disclosure
    /// A row of a `ForEach` that can be deleted (`.onDelete`) or moved (`.onMove`).
    case row
  }

  /// The node's fields, shared by its copies until one of them changes: a rendered tree is
  /// built by appending nodes to arrays and merging those, and a node of six references (three
  /// strings, its children, its control, its tag) copied whole cost a retain and a release of
  /// each every time.
  private final class Storage {
    @exclusivity(unchecked) var kind: Kind
    @exclusivity(unchecked) var label: String
    @exclusivity(unchecked) var value: String?
    @exclusivity(unchecked) var role: String?
    @exclusivity(unchecked) var isEnabled = true
    @exclusivity(unchecked) var isSelected = false
    @exclusivity(unchecked) var children: [ScreenNode]
    @exclusivity(unchecked) var control: Control?
    @exclusivity(unchecked) var tag: AnyHashable?
    @exclusivity(unchecked) var tabContent: ViewContent?

    init(kind: Kind, label: String, value: String?, role: String?, children: [ScreenNode]) {
      self.kind = kind
      self.label = label
      self.value = value
      self.role = role
      self.children = children
    }

    func copy() -> Storage {
      let copy = Storage(kind: kind, label: label, value: value, role: role, children: children)
      copy.isEnabled = isEnabled
      copy.isSelected = isSelected
      copy.control = control
      copy.tag = tag
      copy.tabContent = tabContent
      return copy
    }
  }

  private var storage: Storage

  /// Makes the storage this node's own before it changes.
  private mutating func unique() {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
  }

  /// The node's kind.
  public var kind: Kind {
    get { storage.kind }
    set {
      unique()
      storage.kind = newValue
    }
  }
  /// What it shows: a text's text, a control's label, a section's header (`""` when none).
  public var label: String {
    get { storage.label }
    _modify {
      unique()
      yield &storage.label
    }
  }
  /// A field's text, a picker's selected option, a toggle's `on` or `off`.
  public var value: String? {
    get { storage.value }
    _modify {
      unique()
      yield &storage.value
    }
  }
  /// A button's role: `cancel` or `destructive`.
  public var role: String? {
    get { storage.role }
    _modify {
      unique()
      yield &storage.role
    }
  }
  /// Whether the control can be used (`.disabled(true)` makes it `false`).
  public var isEnabled: Bool {
    get { storage.isEnabled }
    set {
      unique()
      storage.isEnabled = newValue
    }
  }
  /// Whether a picker's option is the selected one.
  public var isSelected: Bool {
    get { storage.isSelected }
    set {
      unique()
      storage.isSelected = newValue
    }
  }
  /// The nodes inside a group (a form, a section, a list, a menu, a picker's options).
  public var children: [ScreenNode] {
    get { storage.children }
    _modify {
      unique()
      yield &storage.children
    }
  }
  /// What using the node does, for controls.
  var control: Control? {
    get { storage.control }
    _modify {
      unique()
      yield &storage.control
    }
  }
  /// The value `.tag(_:)` gave the node, which a `Picker` selects.
  var tag: AnyHashable? {
    get { storage.tag }
    _modify {
      unique()
      yield &storage.tag
    }
  }

  /// A tab's content, kept whole (with what it declares) until its `TabView` shows it.
  var tabContent: ViewContent? {
    get { storage.tabContent }
    _modify {
      unique()
      yield &storage.tabContent
    }
  }

  /// Creates a node.
  public init(
    kind: Kind, label: String, value: String? = nil, role: String? = nil,
    children: [ScreenNode] = []
  ) {
    storage = Storage(kind: kind, label: label, value: value, role: role, children: children)
  }

  init(kind: Kind, label: String, control: Control?, role: String? = nil) {
    self.init(kind: kind, label: label, role: role)
    storage.control = control
  }

  /// Whether the node is a control that can be tapped (a button, a link, an option, a toggle),
  /// enabled or not.
  public var isTappable: Bool {
    switch kind {
    case .button, .link, .option, .toggle, .tab, .disclosure: control != nil || !isEnabled
    default: false
    }
  }

  /// Whether text can be typed into the node.
  public var isTypable: Bool { (kind == .textField || kind == .secureField) && control != nil }

  /// What a script calls the node by: its label, or for a row, the labels of everything in it
  /// (`app:delete("Blob")` finds the row showing "Blob").
  public var useLabel: String {
    guard kind == .row else { return label }
    var labels: [String] = []
    for child in children {
      for inner in child.flattened where !inner.label.isEmpty { labels.append(inner.label) }
    }
    return labels.joined(separator: " ")
  }

  /// The node and every node inside it, in reading order.
  public var flattened: [ScreenNode] {
    var nodes: [ScreenNode] = []
    appendFlattened(to: &nodes) { _ in true }
    return nodes
  }

  /// The text the node shows, its texts' and images' labels joined by spaces: what a button
  /// whose label is this node is called.
  var labelText: String {
    // Most labels are one text or one image: no array of parts for them.
    if children.isEmpty { return kind == .text || kind == .image ? label : "" }
    var parts: [String] = []
    appendLabels(to: &parts)
    return parts.joined(separator: " ")
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
    if count == 1, let only = first { return only.labelText }
    var parts: [String] = []
    for node in self {
      node.appendLabels(to: &parts)
    }
    return parts.joined(separator: " ")
  }
}
