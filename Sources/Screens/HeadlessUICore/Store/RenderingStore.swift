// The store a headless view renders with: a snapshot of the state whose sends are recorded.

import Composable

extension Store {
  /// The store a root view renders with: it shows `state`, and what a control's closure sends
  /// through it (or through any store scoped from it) is recorded as the root feature's action,
  /// which the session then sends through its own store.
  ///
  /// A view is a function of its state: a send made while rendering, outside a control's
  /// closure, reports a runtime warning and sends nothing.
  static func rendering(_ state: State) -> Store {
    Store(rendering: state) { action in
      guard let recorder = ActionRecorder.current else {
        RuntimeWarning.report(
          "A headless view sent an action while rendering; only a control's closure may send. "
            + "Action: \(action)")
        return StoreTask()
      }
      if let live = recorder.live { return live(RootAction(action)) }
      recorder.actions.append(RootAction(action))
      return StoreTask()
    }
  }
}
