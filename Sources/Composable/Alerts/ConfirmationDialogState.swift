import Foundation

/// A confirmation dialog as data: a title, an optional message and buttons whose actions go to the store.
///
/// Present it through `@PresentationState` and `ifLet`; after one of its buttons is tapped it goes
/// away by itself. Written as in TCA 1.3:
///
/// ```swift
/// ConfirmationDialogState {
///   TextState("Are you sure?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion(id: id)) { TextState("Delete") }
/// }
/// ```
public struct ConfirmationDialogState<Action>: Identifiable, _EphemeralState {
  /// Distinguishes two dialogs with the same text, so replacing one by the other is a new
  /// presentation.
  public let id: UUID
  /// The buttons; a system adds "Cancel" when none has that role.
  public var buttons: [ButtonState<Action>]
  /// The message under the title.
  public var message: TextState?
  /// The title.
  public var title: TextState
  /// Whether a system shows the title.
  public var titleVisibility: Visibility = .automatic

  /// Whether a dialog's title is shown.
  public enum Visibility: String, Sendable, Hashable, Codable {
    /// The system decides.
    case automatic
    /// Always shown.
    case visible
    /// Never shown.
    case hidden
  }

  /// Creates a dialog from builder closures.
  public init(
    titleVisibility: Visibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// Creates a dialog from values.
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

  /// Returns the dialog with its buttons' actions transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ConfirmationDialogState<
    NewAction
  > {
    ConfirmationDialogState<NewAction>(
      id: id, title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Dialogs are equal when their title, message and buttons are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes the title, message and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey { case title, message, buttons }

  /// Decodes a dialog's title, message and buttons.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: UUID(), title: try container.decode(TextState.self, forKey: .title),
      message: try container.decodeIfPresent(TextState.self, forKey: .message),
      buttons: try container.decodeIfPresent([ButtonState<Action>].self, forKey: .buttons) ?? [])
  }

  /// Encodes a dialog's title, message and buttons.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encode(buttons, forKey: .buttons)
  }
}

extension ConfirmationDialogState: CustomReflectable {
  /// Reflects the title, message and buttons only.
  public var customMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("title", title.string)]
    if let message { children.append(("message", message.string)) }
    children.append(("buttons", buttons))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
