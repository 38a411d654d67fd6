// ViewAction and ViewActionSending: a feature's view actions in their own case, and views that
// send them with `send(.tapped)`, as TCA 1.8's `@ViewAction(for:)` writes it.

/// An action enum whose view's actions are one case: `case view(View)`.
///
/// The case itself satisfies ``view(_:)``.
public protocol ViewAction<ViewAction> {
  /// The actions a view sends.
  associatedtype ViewAction
  /// The action carrying `action`: the enum's `view` case.
  static func view(_ action: ViewAction) -> Self
}

/// A view whose `store`'s actions have a view case; it sends view actions directly:
/// `send(.saveButtonTapped)` for `store.send(.view(.saveButtonTapped))`.
///
/// `@ViewAction(for: Feature.self)` adds the conformance.
///
/// Main-actor isolated, as TCA's and as the views that conform are.
@MainActor
public protocol ViewActionSending<StoreState, StoreAction> {
  /// The state of the view's store.
  associatedtype StoreState
  /// The actions of the view's store.
  associatedtype StoreAction: ViewAction
  /// The view's store.
  var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends `action` to the store, in its view case.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(.view(action))
  }
}
