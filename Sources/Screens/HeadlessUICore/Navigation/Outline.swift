// The navigation tree as indented text, for `navctl screen` and for failure messages.

extension NavigationTree {
  /// The tree as indented text: each screen's name and nodes, what its stack holds and what it
  /// presents, the frontmost screen marked.
  ///
  /// ```
  /// root "Case studies"
  ///   List
  ///     Button "Navigation stack"
  ///   drill-down "Navigation Stack"
  ///     stack root "Root"
  ///       …
  ///     #0 "Screen A" ◀ frontmost
  ///       Button "Dismiss"
  ///     overlay
  ///       Button "Pop to root"
  /// ```
  public var outline: String {
    var lines: [String] = []
    Self.outline(root, depth: 0, into: &lines)
    // The views' own state, apart from what the screens show and from the store's.
    if !viewState.isEmpty {
      lines.append("view state")
      for (view, name, value) in viewState {
        lines.append("  \(view.viewName).\(name) = \(String(describing: value).replacingNewlines)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The frontmost screen alone as indented text: its name and title, its nodes and its
  /// overlay, without the screens behind it (`navctl screen --frontmost`).
  public var frontmostOutline: String {
    let screen = frontmost
    var header = screen.id.map { "\($0)" } ?? screen.kind.rawValue
    if let title = screen.title { header += " \"\(title.replacingNewlines)\"" }
    var lines = [header]
    for node in screen.nodes { Self.outline(node, depth: 1, into: &lines) }
    if !screen.overlay.isEmpty {
      lines.append("  overlay")
      for node in screen.overlay { Self.outline(node, depth: 2, into: &lines) }
    }
    return lines.joined(separator: "\n")
  }

  private static func outline(_ screen: Screen, depth: Int, into lines: inout [String]) {
    let indent = String(repeating: "  ", count: depth)
    var header = indent
    if let id = screen.id {
      header += "\(id)"
    } else {
      header += screen.kind.rawValue
    }
    if let title = screen.title { header += " \"\(title.replacingNewlines)\"" }
    if screen.isFrontmost { header += " ◀ frontmost" }
    lines.append(header)
    for node in screen.nodes { outline(node, depth: depth + 1, into: &lines) }
    for element in screen.stack { outline(element, depth: depth + 1, into: &lines) }
    if !screen.overlay.isEmpty {
      lines.append(indent + "  overlay")
      for node in screen.overlay { outline(node, depth: depth + 2, into: &lines) }
    }
    for presented in screen.presented { outline(presented, depth: depth + 1, into: &lines) }
  }

  private static func outline(_ node: ScreenNode, depth: Int, into lines: inout [String]) {
    var line = String(repeating: "  ", count: depth) + node.kind.displayName
    if !node.label.isEmpty { line += " \"\(node.label.replacingNewlines)\"" }
    if let value = node.value, node.kind != .option {
      line += " = \"\(value.replacingNewlines)\""
    }
    var notes: [String] = []
    if let role = node.role { notes.append(role) }
    if node.isSelected { notes.append(node.isTypable ? "focused" : "selected") }
    if !node.isEnabled { notes.append("disabled") }
    if !notes.isEmpty { line += " (\(notes.joined(separator: ", ")))" }
    lines.append(line)
    for child in node.children { outline(child, depth: depth + 1, into: &lines) }
  }
}

extension ScreenNode.Kind {
  /// The kind as SwiftUI names the view: `Button`, `TextField`.
  public var displayName: String {
    switch self {
    case .textField: "TextField"
    case .secureField: "SecureField"
    case .disclosure: "DisclosureGroup"
    case .link: "NavigationLink"
    case .progress: "ProgressView"
    default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
  }
}

extension String {
  /// The string on one line: newlines shown as `⏎`, long texts cut at 80 characters.
  fileprivate var replacingNewlines: String {
    let line = split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(
      separator: "⏎")
    return line.count > 80 ? line.prefix(79) + "…" : line
  }
}
