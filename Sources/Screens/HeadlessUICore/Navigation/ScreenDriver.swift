// Driving a store through its headless view, as a person using the app would.

import Composable

/// Renders a feature's view from its store's current state and turns taps, typing and "back"
/// into the actions the store receives.
///
/// The store itself stays with its owner: the driver reads its state and hands actions back
/// through `send`, so a scripted session sends them through its own path (versions, settling,
/// events).
public struct ScreenDriver<State, Action> {
  let state: () -> State
  let send: (Action) -> Void
  let nextStackElementID: () -> StackElementID
  let view: (Store<State, Action>) -> ViewContent
  let host: ViewHost?
  let sendLive: (@Sendable (Action) -> StoreTask)?
  let settle: (() -> Void)?

  /// A driver rendering `view` over `state()`, sending through `send`; a link's push takes its
  /// element id from `nextStackElementID` (the store's own generator).
  ///
  /// With a `host`, the views keep their state and run their lifecycle between renders: what a
  /// `.task` sends goes through `sendLive` at once, and `settle` waits for the store's effects
  /// after tasks start.
  public init(
    state: @escaping () -> State, send: @escaping (Action) -> Void,
    nextStackElementID: @escaping () -> StackElementID,
    view: @escaping (Store<State, Action>) -> ViewContent,
    host: ViewHost? = nil, sendLive: (@Sendable (Action) -> StoreTask)? = nil,
    settle: (() -> Void)? = nil
  ) {
    self.state = state
    self.send = send
    self.nextStackElementID = nextStackElementID
    self.view = view
    self.host = host
    self.sendLive = sendLive
    self.settle = settle
  }

  /// The navigation tree of the current state.
  ///
  /// With a host, the lifecycle is brought up to date first: what appearing views send is
  /// sent, and the tree is rendered again until the views on screen are at rest. `willRender`
  /// is called before each render, so a caller can note what the last one started from (the
  /// store's version).
  public func tree(willRender: () -> Void = {}) -> NavigationTree {
    willRender()
    guard let host else { return NavigationTree(rendering: view(.rendering(state()))) }
    let sendLive = self.sendLive
    let live: @Sendable (RootAction) -> StoreTask = { action in
      sendLive?(Self.cast(action)) ?? StoreTask()
    }
    var tree = render(in: host)
    // Each round may show new views (an appearing view sends, a task's first send pushes);
    // a view that keeps changing what is on screen is cut off rather than looped on.
    for _ in 0..<16 {
      let stateVersion = host.storage.version
      let (actions, startedTasks) = host.update(hooks: tree.activeHooks, send: live)
      for action in actions { send(Self.cast(action)) }
      if startedTasks {
        ViewHost.drainMainActor()
        settle?()
      }
      guard !actions.isEmpty || startedTasks || host.storage.version != stateVersion else {
        return tree
      }
      willRender()
      tree = render(in: host)
    }
    return tree
  }

  /// The navigation tree of the current state, rendered with the host's view state but without
  /// bringing the lifecycle up to date: for a reader that must not wait for a render in
  /// progress elsewhere (that render brings it up to date).
  public func treeWithoutLifecycle() -> NavigationTree {
    guard let host else { return NavigationTree(rendering: view(.rendering(state()))) }
    return render(in: host)
  }

  private func render(in host: ViewHost) -> NavigationTree {
    var tree = NavigationTree(rendering: host.render { view(.rendering(state())) }.content)
    tree.viewState = host.storage.values
    return tree
  }

  /// Taps the control `query` names on the frontmost screen.
  public func tap(_ query: ControlQuery) throws(ScreenError) {
    perform(try tree().tap(query))
  }

  /// Types `text` into the field labelled `field` on the frontmost screen.
  public func type(_ text: String, into field: String) throws(ScreenError) {
    perform(try tree().type(text, into: field))
  }

  /// Goes back from the frontmost screen.
  public func back() throws(ScreenError) {
    perform(try tree().back())
  }

  /// Sends what an activation asks for.
  public func perform(_ activation: Activation) {
    switch activation {
    case .send(let actions):
      for action in actions { send(Self.cast(action)) }
    case .push(let make):
      for action in make(nextStackElementID()) { send(Self.cast(action)) }
    }
  }

  /// The root feature's action a control sent.
  public static func cast(_ action: RootAction) -> Action {
    guard let action = action.value as? Action else {
      preconditionFailure(
        "a view sent \(Swift.type(of: action.value)), not an action of the root feature \(Action.self)"
      )
    }
    return action
  }
}
