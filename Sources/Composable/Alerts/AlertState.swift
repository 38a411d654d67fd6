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
  /// The buttons; with none, a system shows a single "OK".
  public var buttons: [ButtonState<Action>]
  /// The message under the title.
  public var message: TextState?
  /// The title.
  public var title: TextState

  /// Creates an alert from builder closures.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// Creates an alert from values.
  public init(
    title: TextState, message: TextState? = nil, buttons: [ButtonState<Action>] = []
  ) {
    self.id = UUID()
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  init(id: UUID, title: TextState, message: TextState?, buttons: [ButtonState<Action>]) {
    self.id = id
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// Returns the alert with its buttons' actions transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: id, title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }
}

extension AlertState: Equatable where Action: Equatable {
  /// Alerts are equal when their title, message and buttons are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  /// Hashes the title, message and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey { case title, message, buttons }

  /// Decodes an alert's title, message and buttons.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: UUID(), title: try container.decode(TextState.self, forKey: .title),
      message: try container.decodeIfPresent(TextState.self, forKey: .message),
      buttons: try container.decodeIfPresent([ButtonState<Action>].self, forKey: .buttons) ?? [])
  }

  /// Encodes an alert's title, message and buttons.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encode(buttons, forKey: .buttons)
  }
}

extension AlertState: CustomReflectable {
  /// Reflects the title, message and buttons only.
  public var customMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("title", title.string)]
    if let message { children.append(("message", message.string)) }
    children.append(("buttons", buttons))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
