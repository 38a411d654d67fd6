// ReflectedDialogs: alerts, confirmation dialogs and their buttons, read and built by the parts
// their Codable form names — title, message, buttons; label, role, action — not their ids.

import Foundation

/// A library type read and built by named parts instead of its stored fields.
package protocol ReflectedRecord {
  /// Each part's name and type; a part whose type is an `Optional` may be left out.
  static var reflectedParts: [(name: String, type: Any.Type)] { get }
  /// The parts this value has, by name (a `nil` part is left out).
  var reflectedValues: [String: Any] { get }
  /// A value from `parts`, each of its part's type; a part left out is `nil` (or its default).
  static func reflectedRecord(_ parts: [String: Any]) -> Self
}

extension ButtonState: ReflectedRecord {
  package static var reflectedParts: [(name: String, type: Any.Type)] {
    [("label", TextState.self), ("role", Role?.self), ("action", Action?.self)]
  }

  package var reflectedValues: [String: Any] {
    var values: [String: Any] = ["label": label]
    if let role { values["role"] = role }
    if let action { values["action"] = action }
    return values
  }

  package static func reflectedRecord(_ parts: [String: Any]) -> Self {
    ButtonState(
      id: UUID(), action: (parts["action"] as? Action?) ?? nil,
      role: (parts["role"] as? Role?) ?? nil, label: parts["label"] as? TextState ?? "")
  }
}

extension DialogContent {
  static var reflectedParts: [(name: String, type: Any.Type)] {
    [
      ("title", TextState.self), ("message", TextState?.self),
      ("buttons", [ButtonState<Action>].self),
    ]
  }

  var reflectedValues: [String: Any] {
    var values: [String: Any] = ["title": title, "buttons": buttons]
    if let message { values["message"] = message }
    return values
  }

  static func reflectedRecord(_ parts: [String: Any]) -> Self {
    DialogContent(
      title: parts["title"] as? TextState ?? "", message: (parts["message"] as? TextState?) ?? nil,
      buttons: parts["buttons"] as? [ButtonState<Action>] ?? [])
  }
}

extension AlertState: ReflectedRecord {
  package static var reflectedParts: [(name: String, type: Any.Type)] {
    DialogContent<Action>.reflectedParts
  }

  package var reflectedValues: [String: Any] { content.reflectedValues }

  package static func reflectedRecord(_ parts: [String: Any]) -> Self {
    AlertState(id: UUID(), content: DialogContent.reflectedRecord(parts))
  }
}

extension ConfirmationDialogState: ReflectedRecord {
  package static var reflectedParts: [(name: String, type: Any.Type)] {
    DialogContent<Action>.reflectedParts + [("titleVisibility", Visibility?.self)]
  }

  package var reflectedValues: [String: Any] {
    var values = content.reflectedValues
    values["titleVisibility"] = titleVisibility
    return values
  }

  package static func reflectedRecord(_ parts: [String: Any]) -> Self {
    ConfirmationDialogState(
      id: UUID(), content: DialogContent.reflectedRecord(parts),
      titleVisibility: (parts["titleVisibility"] as? Visibility?).flatMap { $0 } ?? .automatic)
  }
}
