// From a rendered root view to the navigation tree: the screens, what is presented on each, the
// stacks and their elements, and which screen is frontmost.

import Composable

/// One screen of the navigation tree.
public struct Screen {
  /// How the screen came to be shown.
  public enum Kind: String, Sendable {
    /// The app's root.
    case root
    /// The root of a navigation stack.
    case stackRoot = "stack root"
    /// An element of a navigation stack.
    case stackElement = "stack element"
    /// A sheet.
    case sheet
    /// A popover.
    case popover
    /// A full-screen cover.
    case fullScreenCover = "full-screen cover"
    /// A drill-down (`navigationDestination`).
    case drillDown = "drill-down"
    /// An alert.
    case alert
    /// A confirmation dialog.
    case dialog
  }

  /// How the screen is shown.
  public var kind: Kind
  /// Its navigation title (an alert's title), if any.
  public var title: String?
  /// The id of a stack element's screen.
  public var id: StackElementID?
  /// What it shows: its content, then its toolbar.
  public var nodes: [ScreenNode]
  /// When the screen hosts a navigation stack: its screens, the stack's root first.
  public var stack: [Screen] = []
  /// What the stack's screens show over themselves (a floating menu), when it hosts one.
  public var overlay: [ScreenNode] = []
  /// What is presented over the screen, in the order declared.
  public var presented: [Screen] = []
  /// The lifecycle hooks of the views on the screen (not of the screens it hosts or presents).
  var hooks: [LifecycleHook] = []
  /// Whether this is the screen the user sees and acts on.
  public internal(set) var isFrontmost = false
  /// What leaves the screen: sends its dismissal, or its pop off its stack.
  var back: (() -> Void)?

  /// A one-line name: `#2 Screen C`, `sheet`, `alert "Delete?"`.
  public var name: String {
    var parts: [String] = []
    if let id { parts.append("\(id)") }
    if let title { parts.append(kind == .alert || kind == .dialog ? "\"\(title)\"" : title) }
    if kind != .stackElement || parts.isEmpty { parts.insert(kind.rawValue, at: 0) }
    return parts.joined(separator: " ")
  }
}

/// The navigation tree of a rendered root view, with its frontmost screen.
public struct NavigationTree {
  /// The root screen.
  public private(set) var root: Screen
  /// The path to the frontmost screen: indices into `stack`, then `presented`, from the root.
  private var frontmostPath: [Step] = []
  /// The overlay of the stack the frontmost screen is in, if any.
  private var frontmostOverlay: [ScreenNode] = []
  /// The screen the user sees and acts on (found once, as the tree is built).
  public private(set) var frontmost: Screen
  /// The views' own state (`@State`, `@FocusState`) when a host rendered the tree, by view
  /// and property name: shown beside the screens, never part of the store's state.
  public internal(set) var viewState: [(view: ViewIdentity, name: String, value: Any)] = []
  /// Every control on the frontmost screen that can be tapped, enabled or not, in reading order
  /// (found once: every tap looks among them).
  public private(set) var tappable: [ScreenNode] = []

  private enum Step {
    case stack(Int)
    case presented(Int)
  }

  /// Renders `view` (the root feature's view) into its tree.
  public init<V: View>(rendering view: V) {
    root = Self.screen(view._render(), kind: .root, id: nil, back: nil)
    (frontmostPath, frontmostOverlay) = Self.frontmost(in: root)
    Self.mark(&root, path: frontmostPath[...])
    frontmost = Self.screen(at: frontmostPath[...], in: root)
    var tappable: [ScreenNode] = []
    forEachVisibleNode { $0.appendFlattened(to: &tappable, where: \.isTappable) }
    self.tappable = tappable
  }

  /// What the frontmost screen shows, with the overlay of the stack it is in (a floating menu).
  public var visibleNodes: [ScreenNode] {
    frontmostOverlay.isEmpty ? frontmost.nodes : frontmost.nodes + frontmostOverlay
  }

  /// Calls `body` on each node the frontmost screen shows, its overlay's last, in reading order.
  func forEachVisibleNode(_ body: (ScreenNode) -> Void) {
    for node in frontmost.nodes { body(node) }
    for node in frontmostOverlay { body(node) }
  }

  /// The frontmost screen and the screens under it, from the root: where the user is.
  public var trail: [Screen] {
    var screens = [root]
    var current = root
    for step in frontmostPath {
      switch step {
      case .stack(let index): current = current.stack[index]
      case .presented(let index): current = current.presented[index]
      }
      screens.append(current)
    }
    return screens
  }

  /// The hooks of the views on screen: every screen's but those under a pushed one, as iOS
  /// keeps a stack's lower screens off screen while a sheet leaves its presenter on.
  var activeHooks: [LifecycleHook] {
    var hooks: [LifecycleHook] = []
    func collect(_ screen: Screen) {
      hooks += screen.hooks
      if let top = screen.stack.last { collect(top) }
      for presented in screen.presented { collect(presented) }
    }
    collect(root)
    return hooks
  }

  // MARK: - Building

  private static func screen(
    _ content: ViewContent, kind: Screen.Kind, id: StackElementID?, back: (() -> Void)?
  ) -> Screen {
    var screen = Screen(
      kind: kind, title: content.title, id: id, nodes: content.nodes + content.toolbar, back: back)
    screen.hooks = content.hooks
    if let stack = content.stack {
      screen.title = screen.title ?? stack.root.title
      screen.stack.append(Self.screen(stack.root, kind: .stackRoot, id: nil, back: nil))
      for element in stack.elements {
        let pop = stack.pop
        let id = element.id
        screen.stack.append(
          Self.screen(element.content, kind: .stackElement, id: id, back: { pop(id) }))
      }
      screen.overlay = content.overlay
    } else {
      // An inset on a screen without a stack is drawn on that screen.
      screen.nodes += content.overlay
    }
    screen.presented = content.presentations.map { presentation in
      Self.screen(
        presentation.content, kind: presentation.kind, id: nil,
        back: presentation.hasSystemBack ? presentation.dismiss : nil)
    }
    return screen
  }

  /// The path to the frontmost screen under `screen`: what it presents covers it; in a stack,
  /// the topmost presentation of any of its screens covers the stack, else its top screen is in
  /// front.
  private static func frontmost(in screen: Screen) -> ([Step], [ScreenNode]) {
    if let last = screen.presented.indices.last {
      let (path, overlay) = frontmost(in: screen.presented[last])
      return ([.presented(last)] + path, overlay)
    }
    guard !screen.stack.isEmpty else { return ([], []) }
    for index in screen.stack.indices.reversed() where !screen.stack[index].presented.isEmpty {
      let (path, overlay) = frontmost(in: screen.stack[index])
      return ([.stack(index)] + path, overlay)
    }
    let top = screen.stack.count - 1
    let (path, overlay) = frontmost(in: screen.stack[top])
    return ([.stack(top)] + path, path.isEmpty ? screen.overlay : overlay)
  }

  private static func mark(_ screen: inout Screen, path: ArraySlice<Step>) {
    guard let step = path.first else {
      screen.isFrontmost = true
      return
    }
    switch step {
    case .stack(let index): mark(&screen.stack[index], path: path.dropFirst())
    case .presented(let index): mark(&screen.presented[index], path: path.dropFirst())
    }
  }

  private static func screen(at path: ArraySlice<Step>, in screen: Screen) -> Screen {
    guard let step = path.first else { return screen }
    switch step {
    case .stack(let index): return Self.screen(at: path.dropFirst(), in: screen.stack[index])
    case .presented(let index):
      return Self.screen(at: path.dropFirst(), in: screen.presented[index])
    }
  }
}
