// HostedPreview: a preview opened as a screen to drive: its body rendered again at every render,
// with the stores it made the first time.

import Composable

/// A preview hosted as a screen: what `navd.launch_preview` and `explore --preview` drive.
///
/// Headless views are built eagerly, so a preview's view is a snapshot of the state it was made
/// with; a screen must show the state as it changes. Each ``render()`` runs the preview's body
/// again under a ``StoreKeeper``: the root stores the body makes (`Store(initialState:) { … }`)
/// are made the first time only, and every later run gets the same ones, as the view graph of a
/// preview on a device keeps its stores.
///
/// The first store the body makes is the preview's **root store**: its host sends, reads state
/// and keeps history through it, and what the views send to it (or to any store scoped from
/// it) while a control's closure runs is recorded as a root action, as a launched feature's is.
/// The preview's other stores, if any, are driven through their views alone.
public final class HostedPreview: @unchecked Sendable {
  /// The preview shown.
  public let preview: LinkedPreview
  private let keeper: StoreKeeper

  /// A screen of `preview`, whose stores are made at the first ``render()``.
  public init(_ preview: LinkedPreview) {
    self.preview = preview
    self.keeper = StoreKeeper { place, action in
      // Only the root store's actions are root actions: another store's go to it at once.
      guard place == 0, let recorder = ActionRecorder.current else { return nil }
      if let live = recorder.live { return live(RootAction(action)) }
      recorder.actions.append(RootAction(action))
      return StoreTask()
    }
  }

  /// The preview's view, rendered from its stores' current state.
  public func render() -> ViewContent {
    keeper.run { preview.render() }
  }

  /// The root store, as a plain `Store` (sends go straight to it): `nil` before the first
  /// render, or when the preview makes no store.
  public var rootStore: AnyObject? { keeper.stores.first }

  /// How many changes the preview's stores have made, together: a render is a function of it
  /// and of the views' own state.
  public var version: UInt64 { keeper.version }
}
