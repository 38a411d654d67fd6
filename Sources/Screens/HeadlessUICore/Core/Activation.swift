// What using a control does: the actions it sends, recorded while its closure runs, or a push.

import Composable

/// An action of the root feature, as a control sends it.
///
/// Views are generic over their own feature; what a control sends is embedded, through every
/// `scope`, into the root feature's action, which the session then sends through its store.
public struct RootAction: @unchecked Sendable {
  /// The root feature's action.
  public let value: Any

  /// Wraps `value`, an action of the root feature.
  public init(_ value: Any) { self.value = value }
}

/// What a control does when it is used.
enum Control {
  /// A button (or a picker option, a toggle): runs the closure, whose sends are recorded.
  case tap(() -> Void)
  /// A link: pushes a state; the closure sends the push with the id the stack gives the new
  /// element.
  case push((StackElementID) -> Void)
  /// A text field: runs the closure with the typed text.
  case type((String) -> Void)
  /// A stepper: steps up or down (either may be absent at the end of its range).
  case step(increment: (() -> Void)?, decrement: (() -> Void)?)
  /// A slider: sets a number.
  case set((Double) -> Void)
  /// A deletable or movable row: deletes it, or moves it to an offset among its siblings.
  case row(delete: (() -> Void)?, move: ((Int) -> Void)?)
}

/// What using a control asks the session to do.
public enum Activation: @unchecked Sendable {
  /// Send these root actions, in order.
  case send([RootAction])
  /// Push onto a stack: send the root actions made with a new stack element id.
  case push((StackElementID) -> [RootAction])
}

/// Collects the actions views send while a control's closure runs.
final class ActionRecorder: @unchecked Sendable {
  var actions: [RootAction] = []
  /// Sends each action at once, for a lifecycle task, instead of recording it.
  let live: (@Sendable (RootAction) -> StoreTask)?

  init(live: (@Sendable (RootAction) -> StoreTask)? = nil) { self.live = live }

  @TaskLocal static var current: ActionRecorder?

  /// Runs `body` and returns the actions it sent through stores.
  static func record(_ body: () -> Void) -> [RootAction] {
    let recorder = ActionRecorder()
    $current.withValue(recorder) { body() }
    return recorder.actions
  }
}

extension Control {
  /// What using the control does, with `text` for a text field.
  func activate(typing text: String? = nil) -> Activation {
    switch self {
    case .tap(let body): .send(ActionRecorder.record(body))
    case .push(let make): .push { id in ActionRecorder.record { make(id) } }
    case .type(let body): .send(ActionRecorder.record { body(text ?? "") })
    case .step(let increment, _): .send(ActionRecorder.record { increment?() })
    case .set, .row: .send([])
    }
  }

  /// Whether the control can be used in `use`'s way, told without using it (``activate(_:)``
  /// runs the control's closure to record what it sends).
  func offers(_ use: ControlUse) -> Bool { body(for: use) != nil }

  /// What using the control in one of its other ways does, or `nil` when it has no such use.
  func activate(_ use: ControlUse) -> Activation? {
    guard let body = body(for: use) else { return nil }
    return .send(ActionRecorder.record(body))
  }

  /// The closure that uses the control in `use`'s way, or `nil` when it has no such use.
  private func body(for use: ControlUse) -> (() -> Void)? {
    switch (self, use) {
    case (.step(let increment, _), .increment): increment
    case (.step(_, let decrement), .decrement): decrement
    case (.set(let set), .set(let value)): { set(value) }
    case (.row(let delete, _), .delete): delete
    case (.row(_, let move?), .move(let offset)): { move(offset) }
    default: nil
    }
  }
}

/// A way of using a control other than tapping or typing.
public enum ControlUse: Sendable, Equatable {
  /// Step a stepper up.
  case increment
  /// Step a stepper down.
  case decrement
  /// Set a slider to a value.
  case set(Double)
  /// Delete a row (swipe to delete).
  case delete
  /// Move a row to an offset among its siblings.
  case move(to: Int)

  /// The use as people say it: `increment`, `set 0.5`.
  public var name: String {
    switch self {
    case .increment: "increment"
    case .decrement: "decrement"
    case .set(let value): "set \(value)"
    case .delete: "delete"
    case .move(let offset): "move to \(offset)"
    }
  }
}
