// A view's view actions sent with an animation, as TCA's `send(_:animation:)` on a view.

import Composable

extension ViewActionSending {
  /// Sends `action` to the store in its view case; headless screens do not animate, so
  /// `animation` changes nothing.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction, animation: Animation?) -> StoreTask {
    send(action)
  }
}
