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

  /// A driver rendering `view` over `state()`, sending through `send`; a link's push takes its
  /// element id from `nextStackElementID` (the store's own generator).
  public init(
    state: @escaping () -> State, send: @escaping (Action) -> Void,
    nextStackElementID: @escaping () -> StackElementID,
    view: @escaping (Store<State, Action>) -> ViewContent
  ) {
    self.state = state
    self.send = send
    self.nextStackElementID = nextStackElementID
    self.view = view
  }

  /// The navigation tree of the current state.
  public func tree() -> NavigationTree {
    NavigationTree(rendering: view(.rendering(state())))
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

  static func cast(_ action: RootAction) -> Action {
    guard let action = action.value as? Action else {
      preconditionFailure(
        "a view sent \(Swift.type(of: action.value)), not an action of the root feature \(Action.self)"
      )
    }
    return action
  }
}
