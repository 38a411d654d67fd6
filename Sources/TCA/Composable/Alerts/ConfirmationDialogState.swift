// ConfirmationDialogState: a confirmation dialog as data, with its title's visibility.

import Foundation

/// A confirmation dialog as data: a title, an optional message and buttons whose actions go to
/// the store.
///
/// Present it through `@PresentationState` and `ifLet`; after one of its buttons is tapped it goes
/// away by itself. Written as in TCA 1.3:
///
/// ```swift
/// ConfirmationDialogState {
///   TextState("Contact options")
/// } actions: {
///   ButtonState(role: .destructive, action: .deleteButtonTapped) { TextState("Delete") }
/// }
/// ```
public struct ConfirmationDialogState<Action>: Identifiable, _EphemeralState {
  /// Whether a dialog's title is shown.
  public enum Visibility: String, Sendable, Hashable, Codable {
    /// The system decides.
    case automatic
    /// Always shown.
    case visible
    /// Never shown.
    case hidden
  }

  /// Distinguishes two dialogs with the same text, so replacing one by the other is a new
  /// presentation.
  public let id: UUID
  var content: DialogContent<Action>
  /// Whether a system shows the title.
  public var titleVisibility: Visibility

  /// The buttons; a system adds "Cancel" when none has that role.
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

  /// Creates a dialog from builder closures.
  public init(
    titleVisibility: Visibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      titleVisibility: titleVisibility, title: title(), message: message?(), buttons: actions())
  }

  /// Creates a dialog from values.
  public init(
    titleVisibility: Visibility = .automatic,
    title: TextState, message: TextState? = nil, buttons: [ButtonState<Action>] = []
  ) {
    self.init(
      id: UUID(), content: DialogContent(title: title, message: message, buttons: buttons),
      titleVisibility: titleVisibility)
  }

  init(id: UUID, content: DialogContent<Action>, titleVisibility: Visibility) {
    self.id = id
    self.content = content
    self.titleVisibility = titleVisibility
  }

  /// Returns the dialog with its buttons' actions transformed.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      id: id, content: content.map(transform),
      titleVisibility: ConfirmationDialogState<NewAction>.Visibility(
        rawValue: titleVisibility.rawValue)!)
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Dialogs are equal when their title visibility, title, message and buttons are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.titleVisibility == rhs.titleVisibility && lhs.content == rhs.content
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes the title visibility, title, message and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(titleVisibility)
    hasher.combine(content)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey { case titleVisibility }

  /// Decodes a dialog's title visibility, title, message and buttons.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: UUID(), content: try DialogContent(from: decoder),
      titleVisibility: try container.decodeIfPresent(Visibility.self, forKey: .titleVisibility)
        ?? .automatic)
  }

  /// Encodes a dialog's title visibility, title, message and buttons.
  public func encode(to encoder: any Encoder) throws {
    try content.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(titleVisibility, forKey: .titleVisibility)
  }
}

extension ConfirmationDialogState: CustomReflectable {
  /// Reflects the title, message and buttons only.
  public var customMirror: Mirror {
    Mirror(self, children: content.mirrorChildren, displayStyle: .struct)
  }
}
