// AlertState: an alert as data, a title, a message and buttons whose actions go to the store.

import Foundation

/// An alert as data: a title, an optional message and buttons whose actions go to the store.
///
/// Present it through `@PresentationState` and `ifLet`; after one of its buttons is tapped it goes
/// away by itself. Written as in TCA 1.3:
///
/// ```swift
/// AlertState {
///   TextState("Are you sure?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion(id: id)) { TextState("Delete") }
/// }
/// ```
public struct AlertState<Action>: Identifiable, _EphemeralState {
  /// Distinguishes two alerts with the same text, so replacing one by the other is a new
  /// presentation.
  public let id: UUID
  var content: DialogContent<Action>

  /// The buttons; with none, a system shows a single "OK".
  public var buttons: [ButtonState<Action>] {
    get { content.buttons }
    set { content.buttons = newValue }
  }

  /// The message under the title.
  public var message: TextState? {
    get { content.message }
    set { content.message = newValue }
  }

  /// The title.
  public var title: TextState {
    get { content.title }
    set { content.title = newValue }
  }

  /// Creates an alert from builder closures.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(title: title(), message: message?(), buttons: actions())
  }

  /// Creates an alert from values.
  public init(
    title: TextState, message: TextState? = nil, buttons: [ButtonState<Action>] = []
  ) {
    self.init(id: UUID(), content: DialogContent(title: title, message: message, buttons: buttons))
  }

  init(id: UUID, content: DialogContent<Action>) {
    self.id = id
    self.content = content
  }

  /// Returns the alert with its buttons' actions transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(id: id, content: content.map(transform))
  }
}

extension AlertState: Equatable where Action: Equatable {
  /// Alerts are equal when their title, message and buttons are.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.content == rhs.content }
}

extension AlertState: Hashable where Action: Hashable {
  /// Hashes the title, message and buttons.
  public func hash(into hasher: inout Hasher) { hasher.combine(content) }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: Codable where Action: Codable {
  /// Decodes an alert's title, message and buttons.
  public init(from decoder: any Decoder) throws {
    self.init(id: UUID(), content: try DialogContent(from: decoder))
  }

  /// Encodes an alert's title, message and buttons.
  public func encode(to encoder: any Encoder) throws { try content.encode(to: encoder) }
}

extension AlertState: CustomReflectable {
  /// Reflects the title, message and buttons only.
  public var customMirror: Mirror {
    Mirror(self, children: content.mirrorChildren, displayStyle: .struct)
  }
}
