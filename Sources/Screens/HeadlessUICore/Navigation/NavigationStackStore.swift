// A navigation stack driven by a store of `StackState`: its root, a screen per element, and the
// links that push onto it, as TCA 1.3's `NavigationStackStore`, `NavigationLink(_:state:)` and
// `CaseLet`.

import Composable

/// The stack a `NavigationStackStore` rendered (a class: content holds it, and it holds content).
final class StackContent {
  /// The root screen.
  var root: ViewContent
  /// A screen per element, bottom first.
  var elements: [(id: StackElementID, content: ViewContent)]
  /// Sends the pop of the element with an id (and everything above it).
  var pop: (StackElementID) -> Void

  init(
    root: ViewContent, elements: [(id: StackElementID, content: ViewContent)],
    pop: @escaping (StackElementID) -> Void
  ) {
    self.root = root
    self.elements = elements
    self.pop = pop
  }
}

/// What views inside a stack need from it while they render: how to push a state.
///
/// Usable from inlinable code, so that `NavigationLink`'s generic initializer is specialized
/// for the app's state type where the app calls it.
@usableFromInline
final class StackContext: @unchecked Sendable {
  /// Returns what sends the push of `state`, or `nil` when the stack's elements are of another
  /// type.
  @usableFromInline let push: (Any) -> ((StackElementID) -> Void)?

  init(push: @escaping (Any) -> ((StackElementID) -> Void)?) { self.push = push }

  /// The stack the view being rendered is in.
  @usableFromInline @TaskLocal static var current: StackContext?
}

/// The element store a `CaseLet` in a stack's destination reads (TCA's `SwitchStore` context).
final class SwitchContext: @unchecked Sendable {
  /// The element's store, a `Store` of the stack's element state and action.
  let store: Any

  init(store: Any) { self.store = store }

  @TaskLocal static var current: SwitchContext?
}

/// A navigation stack: the root view, then a screen for each element of the store's
/// `StackState`, each the `destination` of its state.
nonisolated public struct NavigationStackStore<State, Action>: View, _PrimitiveView {
  let store: Store<StackState<State>, StackAction<State, Action>>
  let root: () -> ViewContent
  let destination: (State) -> ViewContent

  /// A stack showing `root` under a screen per element of `store`'s state.
  ///
  /// `destination` gets an element's state and returns its screen, usually a `switch` of
  /// `CaseLet`s as in the seeds.
  public init(
    _ store: Store<StackState<State>, StackAction<State, Action>>,
    @ViewBuilder root: @escaping () -> ViewContent,
    @ViewBuilder destination: @escaping (State) -> ViewContent
  ) {
    self.store = store
    self.root = root
    self.destination = destination
  }

  /// The stack's screens; links inside them push onto this stack.
  public var body: ViewContent {
    let destination = self.destination
    return stackContent(store: store, root: root) { element, elementStore in
      SwitchContext.$current.withValue(SwitchContext(store: elementStore)) {
        destination(element)
      }
    }
  }
}

/// A navigation stack over `store`: `root` under a screen per element, each the `destination` of
/// its state and store; links rendered inside push onto it.
func stackContent<State, Action>(
  store: Store<StackState<State>, StackAction<State, Action>>,
  root: () -> ViewContent,
  destination: (State, Store<State, Action>) -> ViewContent
) -> ViewContent {
  let context = StackContext { state in
    guard let state = state as? State else { return nil }
    return { id in store.send(.push(id: id, state: state)) }
  }
  // One binding of the context for the root and every element: links anywhere in them push here.
  let (rootContent, elements) = StackContext.$current.withValue(context) {
    let rootContent = root()
    var elements: [(id: StackElementID, content: ViewContent)] = []
    let stack = store.state
    // By position, not `zip`: this code is not specialized for the stack's types, and a zip of
    // them looks up its iterator's metadata at run time for every element.
    let ids = stack.ids
    elements.reserveCapacity(ids.count)
    var position = stack.startIndex
    for id in ids {
      let element = stack[position]
      position = stack.index(after: position)
      let elementStore = store.scope(
        state: { $0[id: id] ?? element }, action: { StackAction.element(id: id, action: $0) })
      elements.append((id, destination(element, elementStore)))
    }
    return (rootContent, elements)
  }
  var content = ViewContent()
  content.stack = StackContent(
    root: rootContent, elements: elements, pop: { id in store.send(.popFrom(id: id)) })
  return content
}

/// A link that pushes `state` onto the enclosing `NavigationStackStore` when tapped.
nonisolated public struct NavigationLink: View, _PrimitiveView {
  @usableFromInline let title: String
  @usableFromInline let push: ((StackElementID) -> Void)?
  /// The drill-down of a link to a destination view: shown while `isActive`.
  @usableFromInline let drillDown: DrillDown?

  /// A link's destination view and whether it is shown.
  @usableFromInline struct DrillDown {
    let isActive: Binding<Bool>
    let destination: ViewContent
  }

  /// A link called `title` pushing `state`; disabled when `state` is nil or there is no
  /// enclosing stack whose elements are of its type.
  @inlinable
  public init<P>(_ title: String, state: P?) {
    self.title = title
    self.drillDown = nil
    if let state, let context = StackContext.current {
      push = context.push(state)
    } else {
      push = nil
    }
  }

  /// A link whose label is a view, pushing `state` (TCA 1.7's `NavigationLink(state:label:)`);
  /// it is called by the texts and image names in its label.
  public init<P>(state: P?, @ViewBuilder label: () -> ViewContent) {
    self.init(label().list.labelText, state: state)
  }

  /// A link called `title` drilling down to `destination` while `isActive`.
  init(title: String, isActive: Binding<Bool>, destination: ViewContent) {
    self.title = title
    self.push = nil
    self.drillDown = DrillDown(isActive: isActive, destination: destination)
  }

  /// The link node, and its destination drilled down to while it is shown.
  public var body: ViewContent {
    if let drillDown {
      let isActive = drillDown.isActive
      let node = ScreenNode(
        kind: .link, label: title, control: .tap({ isActive.wrappedValue = true }))
      let link = ViewContent(node: node)
      guard isActive.wrappedValue else { return link }
      return link.presenting(.drillDown, dismiss: { isActive.wrappedValue = false }) {
        drillDown.destination
      }
    }
    var node = ScreenNode(kind: .link, label: title, control: push.map { .push($0) })
    node.isEnabled = push != nil
    return ViewContent(node: node)
  }
}

/// The view of one case of an enum state, in a stack's `destination` (TCA's `CaseLet`).
nonisolated public struct CaseLet<EnumState, EnumAction, CaseState, CaseAction, Content: View>: View
{
  let toCaseState: CasePath<EnumState, CaseState>
  let fromCaseAction: (CaseAction) -> EnumAction
  let content: (Store<CaseState, CaseAction>) -> Content

  /// Shows `then` for the element's state when it is in the case `toCaseState`.
  public init(
    _ toCaseState: CasePath<EnumState, CaseState>,
    action fromCaseAction: @escaping (CaseAction) -> EnumAction,
    then content: @escaping (Store<CaseState, CaseAction>) -> Content
  ) {
    self.toCaseState = toCaseState
    self.fromCaseAction = fromCaseAction
    self.content = content
  }

  /// The case's view, or nothing when the element is in another case.
  public var body: ViewContent {
    guard let store = SwitchContext.current?.store as? Store<EnumState, EnumAction>,
      let state = toCaseState.extract(from: store.state)
    else { return ViewContent() }
    return content(store.scope(state: { _ in state }, action: fromCaseAction))._render()
  }
}
