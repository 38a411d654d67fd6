// NodeList: a content's nodes, kept without an array while there is one of them.

/// The nodes of a ``ViewContent``, in reading order.
///
/// Most contents are one node (a text, a button, a group), and a render makes hundreds of them
/// only to merge them into their parents' lists: one node is kept as it is, and an array is
/// made once a second node joins it.
enum NodeList {
  /// No nodes.
  case none
  /// One node.
  case one(ScreenNode)
  /// Two or more nodes (or any number, when set from an array).
  case many([ScreenNode])

  /// The list of `nodes`.
  init(_ nodes: [ScreenNode]) {
    switch nodes.count {
    case 0: self = .none
    case 1: self = .one(nodes[0])
    default: self = .many(nodes)
    }
  }

  /// The nodes as an array (made for a single node).
  var array: [ScreenNode] {
    switch self {
    case .none: []
    case .one(let node): [node]
    case .many(let nodes): nodes
    }
  }

  /// Whether there are no nodes.
  var isEmpty: Bool {
    switch self {
    case .none: true
    case .one: false
    case .many(let nodes): nodes.isEmpty
    }
  }

  /// Appends `other`'s nodes after these, growing this list's array in place.
  mutating func append(_ other: NodeList) {
    switch other {
    case .none:
      return
    case .one(let node):
      switch self {
      case .none: self = other
      case .one(let first): self = .many([first, node])
      case .many(var nodes):
        // Let go of the list's own reference, so that the array is unique and grows in place.
        self = .none
        nodes.append(node)
        self = .many(nodes)
      }
    case .many(let more):
      guard !more.isEmpty else { return }
      switch self {
      case .none: self = other
      case .one(let first):
        var nodes: [ScreenNode] = []
        nodes.reserveCapacity(1 + more.count)
        nodes.append(first)
        nodes.append(contentsOf: more)
        self = .many(nodes)
      case .many(var nodes):
        self = .none
        nodes.append(contentsOf: more)
        self = .many(nodes)
      }
    }
  }

  /// The list with `transform` applied to each node.
  func map(_ transform: (ScreenNode) -> ScreenNode) -> NodeList {
    switch self {
    case .none: .none
    case .one(let node): .one(transform(node))
    case .many(let nodes): .many(nodes.map(transform))
    }
  }

  /// The text the nodes show, joined by spaces (``Swift/Array/labelText``), without an array
  /// for a single node.
  var labelText: String {
    switch self {
    case .none: ""
    case .one(let node): node.labelText
    case .many(let nodes): nodes.labelText
    }
  }
}
