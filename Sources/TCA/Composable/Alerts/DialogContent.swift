// The title, message and buttons that alerts and confirmation dialogs share.

/// What alerts and confirmation dialogs have in common: a title, an optional message, buttons.
///
/// ``AlertState`` and ``ConfirmationDialogState`` keep theirs in one of these, so they compare,
/// hash, encode and map the same way.
struct DialogContent<Action> {
  var title: TextState
  var message: TextState?
  var buttons: [ButtonState<Action>]

  func map<NewAction>(_ transform: (Action?) -> NewAction?) -> DialogContent<NewAction> {
    DialogContent<NewAction>(
      title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }

  /// The fields as a mirror's children, for state dumps and diffs.
  var mirrorChildren: [(label: String?, value: Any)] {
    var children: [(label: String?, value: Any)] = [("title", title.string)]
    if let message { children.append(("message", message.string)) }
    children.append(("buttons", buttons))
    return children
  }
}

extension DialogContent: Equatable where Action: Equatable {}
extension DialogContent: Hashable where Action: Hashable {}
extension DialogContent: Sendable where Action: Sendable {}

extension DialogContent: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey { case title, message, buttons }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      title: try container.decode(TextState.self, forKey: .title),
      message: try container.decodeIfPresent(TextState.self, forKey: .message),
      buttons: try container.decodeIfPresent([ButtonState<Action>].self, forKey: .buttons) ?? [])
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encode(buttons, forKey: .buttons)
  }
}
