// ButtonState: a button of an alert or dialog, its role and action, and the buttons' builder.

import Foundation

/// A button in an alert or dialog: its label, its role, and the action it sends.
public struct ButtonState<Action>: Identifiable {
  /// The role a button plays.
  public typealias Role = ButtonStateRole

  /// Distinguishes buttons with the same label.
  public let id: UUID
  /// The action sent when the button is tapped; `nil` only dismisses.
  public let action: Action?
  /// The button's role.
  public let role: Role?
  /// The button's label.
  public let label: TextState

  /// Creates a button, as in `ButtonState(role: .destructive, action: .delete) { TextState("Delete") }`.
  public init(
    role: Role? = nil, action: Action? = nil, label: () -> TextState
  ) {
    self.id = UUID()
    self.role = role
    self.action = action
    self.label = label()
  }

  /// Creates a button whose action is written as swift-navigation's
  /// `.send(.confirmDeletion, animation: .default)`; the animation is not played headless.
  public init(
    role: Role? = nil, action: ButtonStateAction<Action>, label: () -> TextState
  ) {
    self.init(role: role, action: action.action, label: label)
  }

  init(id: UUID, action: Action?, role: Role?, label: TextState) {
    self.id = id
    self.action = action
    self.role = role
    self.label = label
  }

  /// Returns the button with its action transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(id: id, action: transform(action), role: role, label: label)
  }
}

/// What a button does when tapped, as swift-navigation writes it: `.send(action)`, with an
/// animation or not.
public struct ButtonStateAction<Action> {
  /// The action sent; `nil` only dismisses.
  public let action: Action?
  /// The animation it is sent with (not played headless).
  public let animation: Animation?

  /// Sends `action`, with `animation`.
  public static func send(_ action: Action?, animation: Animation? = nil) -> Self {
    Self(action: action, animation: animation)
  }
}

extension ButtonStateAction: Sendable where Action: Sendable {}

extension ButtonState: Equatable where Action: Equatable {
  /// Buttons are equal when their labels, roles and actions are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.label == rhs.label && lhs.role == rhs.role && lhs.action == rhs.action
  }
}

extension ButtonState: Hashable where Action: Hashable {
  /// Hashes the label, role and action.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(label)
    hasher.combine(role)
    hasher.combine(action)
  }
}

extension ButtonState: Sendable where Action: Sendable {}

extension ButtonState: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey { case label, role, action }

  /// Decodes a button's label, role and action.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: UUID(), action: try container.decodeIfPresent(Action.self, forKey: .action),
      role: try container.decodeIfPresent(Role.self, forKey: .role),
      label: try container.decode(TextState.self, forKey: .label))
  }

  /// Encodes a button's label, role and action.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(label, forKey: .label)
    try container.encodeIfPresent(role, forKey: .role)
    try container.encodeIfPresent(action, forKey: .action)
  }
}

extension ButtonState: CustomReflectable {
  /// Reflects the label, role and action only.
  public var customMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("label", label.string)]
    if let role { children.append(("role", role)) }
    if let action { children.append(("action", action)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// The role a button plays, which decides how a system presents it.
public enum ButtonStateRole: String, Sendable, Hashable, Codable {
  /// Cancels the alert; a system adds one when an alert has none.
  case cancel
  /// Does something that cannot be undone.
  case destructive
}

/// A result builder for the buttons of an alert or dialog.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// Combines the buttons in order.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// One button.
  public static func buildExpression(_ expression: ButtonState<Action>) -> [ButtonState<Action>] {
    [expression]
  }

  /// An `if` without `else`.
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  /// The first branch of an `if`/`else`.
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The second branch of an `if`/`else`.
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of a `for` loop.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
}
