// View in SwiftUI's shape, its result builder, and the modifiers every view has: a view is a
// function of its store's state whose body, built of other views, is what would be on screen.

/// A view, in SwiftUI's shape: a `body` made of other views, down to the primitive ones
/// (`Text`, `Button`, `Form`, …) that headless screens are made of.
///
/// Write one as in SwiftUI; with `import HeadlessUI` in place of `import SwiftUI`, the same code
/// gives the screens navd drives:
///
/// ```swift
/// struct CounterView: View {
///   let store: StoreOf<Counter>
///   var body: some View {
///     Button { store.send(.decrementButtonTapped) } label: { Image(systemName: "minus") }
///     Text("\(store.count)")
///     Button { store.send(.incrementButtonTapped) } label: { Image(systemName: "plus") }
///   }
/// }
/// ```
///
/// `View` is `@MainActor`, as SwiftUI's is, so a view written in Swift 6 mode compiles as it
/// does for iOS. navd still renders views off the main thread (see ``MainActorRendering``).
@MainActor
public protocol View {
  /// The type of view the body is.
  associatedtype Body: View
  /// What the view shows.
  @ViewBuilder var body: Body { get }
  /// What the view renders to; the primitive views (``ViewContent``) end the recursion.
  ///
  /// Implemented once for every view by way of its body; not for views to implement.
  nonisolated func _render() -> ViewContent
}

extension View {
  /// The body's rendering, under the view's identity (its `@State` and lifecycle are kept by it).
  nonisolated public func _render() -> ViewContent {
    nonisolated(unsafe) let view = self
    return ViewIdentity.rendering(Self.self) {
      ViewStateLinker.link(view)
      return MainActorRendering.assumeIsolated { view.body._render() }
    }
  }
}

/// A view HeadlessUI renders itself: its body is its content, with no identity of its own.
///
/// Not for apps' views.
public protocol _PrimitiveView: View where Body == ViewContent {}

extension _PrimitiveView {
  /// The content itself.
  nonisolated public func _render() -> ViewContent {
    nonisolated(unsafe) let view = self
    return MainActorRendering.assumeIsolated { view.body }
  }
}

extension Never: View {
  /// Never called: a primitive view has no body.
  nonisolated public var body: Never { return fatalError("Never has no body") }

  /// Never called: there is no `Never` value.
  nonisolated public func _render() -> ViewContent {
    switch self {}
  }
}

/// Any view, its type erased, as SwiftUI's `AnyView`.
nonisolated public struct AnyView: View, _PrimitiveView {
  let content: ViewContent

  /// Erases the type of `view`.
  public init<V: View>(_ view: V) { self.content = view._render() }

  /// The view's rendering.
  public var body: ViewContent { content }
}

/// A rendered view: its nodes, and what it declares about navigation (title, presentations, a
/// stack, a toolbar, an overlay).
///
/// Most content is nodes alone: what a view declares besides them is kept in one shared box,
/// absent when there is nothing, so that content passing up through a view's builders and
/// modifiers copies two references, not six.
nonisolated public struct ViewContent: View {
  /// The nodes, in reading order.
  public var nodes: [ScreenNode] {
    get { list.array }
    set { list = NodeList(newValue) }
  }
  /// The nodes as kept: one without an array.
  var list = NodeList.none
  /// What the content declares besides its nodes; `nil` when nothing.
  private var box: DeclarationBox?

  /// What a view declares about navigation besides its nodes.
  fileprivate struct Declarations {
    var title: String?
    var presentations: [Presentation] = []
    var stack: StackContent?
    var overlay: [ScreenNode] = []
    var toolbar: [ScreenNode] = []
    var isInteractiveDismissDisabled = false
    var hooks: [LifecycleHook] = []
  }

  /// The declarations, never changed once boxed: a change boxes them anew (it is rare: a
  /// title, a presentation or a stack, once a screen).
  fileprivate final class DeclarationBox {
    let declarations: Declarations
    init(_ declarations: Declarations) { self.declarations = declarations }
  }

  private var declarations: Declarations {
    get { box?.declarations ?? Declarations() }
    set { box = DeclarationBox(newValue) }
  }

  /// The navigation title (the innermost one declared).
  public var title: String? {
    get { box?.declarations.title }
    set { declarations.title = newValue }
  }
  /// What the view presents, in the order its modifiers were applied.
  var presentations: [Presentation] {
    get { box?.declarations.presentations ?? [] }
    set { declarations.presentations = newValue }
  }
  /// The navigation stack the view hosts, when it is a `NavigationStackStore`.
  var stack: StackContent? {
    get { box?.declarations.stack }
    set { declarations.stack = newValue }
  }
  /// Nodes drawn over every screen of the view's stack (`safeAreaInset`).
  var overlay: [ScreenNode] {
    get { box?.declarations.overlay ?? [] }
    set { declarations.overlay = newValue }
  }
  /// Toolbar items.
  var toolbar: [ScreenNode] {
    get { box?.declarations.toolbar ?? [] }
    set { declarations.toolbar = newValue }
  }
  /// The lifecycle hooks of the content's views (`.onAppear`, `.task`, …), in render order.
  var hooks: [LifecycleHook] {
    get { box?.declarations.hooks ?? [] }
    set { declarations.hooks = newValue }
  }
  /// Whether the content, presented, turns off the system's ways of dismissing it
  /// (`.interactiveDismissDisabled()`).
  var isInteractiveDismissDisabled: Bool {
    get { box?.declarations.isInteractiveDismissDisabled ?? false }
    set { declarations.isInteractiveDismissDisabled = newValue }
  }

  /// Creates content made of `nodes`.
  public init(nodes: [ScreenNode] = []) { list = NodeList(nodes) }

  /// Creates content of one node.
  init(node: ScreenNode) { list = .one(node) }

  /// The content itself.
  public var body: ViewContent { self }

  /// The content itself: what every view renders to in the end.
  public func _render() -> ViewContent { self }

  /// Appends `other` to this content (nodes and presentations in order, the first title), in
  /// place: builders merge their parts into one value, so
  /// that no part's arrays are copied again for each part after it.
  mutating func merge(_ other: ViewContent) {
    list.append(other.list)
    guard let theirs = other.box?.declarations else { return }
    guard var merged = box?.declarations else {
      box = other.box
      return
    }
    if merged.title == nil { merged.title = theirs.title }
    merged.presentations += theirs.presentations
    if merged.stack == nil { merged.stack = theirs.stack }
    merged.overlay += theirs.overlay
    merged.toolbar += theirs.toolbar
    if theirs.isInteractiveDismissDisabled { merged.isInteractiveDismissDisabled = true }
    merged.hooks += theirs.hooks
    declarations = merged
  }

  /// The parts, one after the other.
  static func joining(_ parts: some Sequence<ViewContent>) -> ViewContent {
    var joined = ViewContent()
    for part in parts { joined.merge(part) }
    return joined
  }

  /// The same declarations with `nodes` in place of this content's nodes.
  func replacingNodes(_ nodes: [ScreenNode]) -> ViewContent {
    var content = self
    content.nodes = nodes
    return content
  }

  /// The same declarations with one node in place of this content's nodes.
  func replacingNodes(with node: ScreenNode) -> ViewContent {
    var content = self
    content.list = .one(node)
    return content
  }

  /// Changes every node, recursively.
  func mapNodes(_ transform: (inout ScreenNode) -> Void) -> ViewContent {
    func apply(_ node: ScreenNode) -> ScreenNode {
      var node = node
      transform(&node)
      node.children = node.children.map(apply)
      return node
    }
    var content = self
    content.list = list.map(apply)
    if !toolbar.isEmpty { content.toolbar = toolbar.map(apply) }
    return content
  }
}

/// Builds ``ViewContent`` from views, with `if`, `switch`, `for` and optionals, as SwiftUI's
/// `@ViewBuilder` does.
@resultBuilder
public enum ViewBuilder {
  /// A view's content.
  public static func buildExpression<V: View>(_ view: V) -> ViewContent { view._render() }
  /// Content as it is.
  public static func buildExpression(_ content: ViewContent) -> ViewContent { content }
  /// Nothing (an empty statement).
  public static func buildBlock() -> ViewContent { ViewContent() }
  /// The parts, one after the other.
  public static func buildBlock(_ parts: ViewContent...) -> ViewContent {
    parts.count == 1 ? parts[0] : ViewContent.joining(parts)
  }
  /// A block's first part.
  public static func buildPartialBlock(first content: ViewContent) -> ViewContent { content }
  /// A block's parts so far, with the next one after them: the parts merge into one content as
  /// the block goes, in place, without an array of them.
  public static func buildPartialBlock(accumulated: consuming ViewContent, next: ViewContent)
    -> ViewContent
  {
    var content = accumulated
    content.merge(next)
    return content
  }
  /// An `if` without `else`.
  public static func buildOptional(_ content: ViewContent?) -> ViewContent {
    content ?? ViewContent()
  }
  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first content: ViewContent) -> ViewContent { content }
  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second content: ViewContent) -> ViewContent { content }
  /// A `for` loop's parts.
  public static func buildArray(_ parts: [ViewContent]) -> ViewContent {
    ViewContent.joining(parts)
  }
  /// An `if #available` branch.
  public static func buildLimitedAvailability(_ content: ViewContent) -> ViewContent { content }
}

// MARK: - Modifiers every view has

extension View {
  /// Sets the navigation title of the screen the view is on (the innermost title wins).
  nonisolated public func navigationTitle(_ title: String) -> ViewContent {
    var content = _render()
    if content.title == nil { content.title = title }
    return content
  }

  /// Disables every control in the view when `isDisabled`.
  nonisolated public func disabled(_ isDisabled: Bool) -> ViewContent {
    guard isDisabled else { return _render() }
    return _render().mapNodes { $0.isEnabled = false }
  }

  /// Takes the view off the screen, as SwiftUI's `.hidden()` does: what it shows can be neither
  /// seen nor used (what it presents still is).
  nonisolated public func hidden() -> ViewContent {
    var content = _render()
    content.nodes = []
    content.toolbar = []
    content.overlay = []
    return content
  }

  /// Gives the view's nodes a tag, the value a `Picker` selects when the option is tapped.
  nonisolated public func tag<Tag: Hashable>(_ tag: Tag) -> ViewContent {
    var content = _render()
    content.list = content.list.map { node in
      var node = node
      node.tag = AnyHashable(tag)
      return node
    }
    return content
  }

  /// Adds toolbar items to the screen.
  nonisolated public func toolbar(@ViewBuilder _ items: () -> ViewContent) -> ViewContent {
    var content = _render()
    let toolbar = items()
    content.toolbar += toolbar.nodes + toolbar.toolbar
    content.presentations += toolbar.presentations
    return content
  }

  /// Draws `inset` over every screen of the view's navigation stack (a floating menu), or on
  /// the view's own screen when it hosts no stack.
  nonisolated public func safeAreaInset(
    edge: VerticalEdge = .bottom, @ViewBuilder content inset: () -> ViewContent
  ) -> ViewContent {
    var content = _render()
    let overlay = inset()
    content.overlay += overlay.nodes
    content.presentations += overlay.presentations
    return content
  }
}

/// Where an inset goes; headless screens have no edges, so it is kept for the seeds' syntax only.
public enum VerticalEdge: Sendable {
  /// The top edge.
  case top
  /// The bottom edge.
  case bottom
}

extension Optional: View, _PrimitiveView where Wrapped: View {
  /// The wrapped view's content, or nothing: `formatter.string(from: time).map { Text($0) }`
  /// in a view's body.
  nonisolated public var body: ViewContent { map { $0._render() } ?? ViewContent() }
}
