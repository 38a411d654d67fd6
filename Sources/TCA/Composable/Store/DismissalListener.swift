// DismissalListener: a presented child's or stack element's listener for its `dismiss()`, kept
// by the store as a record rather than as tasks waiting to be cancelled.

import Synchronization

/// What the store keeps for a listener a parent started when a child appeared
/// (``Effect/dismissalListener(at:sending:)``): the action to send when the child calls
/// `dismiss()`, and the tokens that end it.
///
/// TCA runs the listener as an effect that waits until it is cancelled. Here a push did that with
/// two tasks, each one scheduled, suspended, cancelled, resumed and freed again when the element
/// left: most of what a push and a pop cost. The record behaves the same: cancelling its dismiss
/// token (what `dismiss()` does) sends its action; cancelling any other token it is filed under,
/// or anything at or below its place, ends it silently; ``StoreTask/finish()`` waits for it.
struct DismissalListener<Action> {
  /// The presented feature's place.
  let path: NavigationIDPath
  /// What it sends when the child calls `dismiss()`.
  let action: Action
  /// Every token it is filed under: the enclosing cancellable parts', its own, its dismiss one.
  let tokens: [CancelToken]
  /// What a ``StoreTask`` waits for.
  let end: ListenerEnd

  /// The token `dismiss()` cancels.
  var dismissToken: CancelToken { CancelToken(.presentationDismiss, navigationIDPath: path) }

  /// The tokens of a listener at `path`, under the `enclosing` cancellable parts' tokens.
  static func tokens(at path: NavigationIDPath, under enclosing: [CancelToken]) -> [CancelToken] {
    enclosing + [
      CancelToken(.presentationListener, navigationIDPath: path),
      CancelToken(.presentationDismiss, navigationIDPath: path),
    ]
  }
}

/// The end of one dismissal listener, which the ``StoreTask`` of the send that started it
/// awaits, and which it can cancel.
final class ListenerEnd: Sendable {
  private struct Waiting {
    var ended = false
    var continuations: [CheckedContinuation<Void, Never>] = []
  }

  private let waiting = Mutex(Waiting())
  /// Ends the listener in its store without sending (what cancelling its task did).
  private let drop: @Sendable () -> Void

  init(drop: @escaping @Sendable () -> Void) { self.drop = drop }

  /// Marks the listener ended and resumes whoever waits.
  func finish() {
    let continuations = waiting.withLock { waiting in
      waiting.ended = true
      defer { waiting.continuations = [] }
      return waiting.continuations
    }
    for continuation in continuations { continuation.resume() }
  }

  /// Ends the listener without sending its action.
  func cancel() { drop() }

  /// Returns once the listener has ended.
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ended = waiting.withLock { waiting in
        if !waiting.ended { waiting.continuations.append(continuation) }
        return waiting.ended
      }
      if ended { continuation.resume() }
    }
  }
}
