// Using the frontmost screen as a person would: tapping a control by its label, typing into a
// field, going back, and checking what is shown — with errors that say what is there instead.

import Composable

/// Which control to use: its label, and when that is ambiguous, its role or its position among
/// the controls with that label.
public struct ControlQuery: Sendable, Equatable {
  /// The label, exactly as shown (a button made of an image is called by the image's name).
  public var label: String
  /// `cancel` or `destructive`, to tell apart buttons with the same label.
  public var role: String?
  /// The 1-based position among the matching controls, in reading order.
  public var index: Int?

  /// Creates a query.
  public init(label: String, role: String? = nil, index: Int? = nil) {
    self.label = label
    self.role = role
    self.index = index
  }
}

/// Why a screen could not be used as asked, in a sentence that lists what is there.
public struct ScreenError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, and what the screen offers instead.
  public var description: String

  /// Creates the error.
  public init(_ description: String) { self.description = description }
}

extension NavigationTree {
  /// Every text field on the frontmost screen that can be typed into, in reading order.
  public var typable: [ScreenNode] {
    var nodes: [ScreenNode] = []
    forEachVisibleNode { $0.appendFlattened(to: &nodes, where: \.isTypable) }
    return nodes
  }

  /// The texts the frontmost screen shows: its texts, labels and values, in reading order.
  public var visibleTexts: [String] {
    visibleNodes.flatMap(\.flattened).flatMap { node -> [String] in
      var texts: [String] = []
      if !node.label.isEmpty, node.kind != .image { texts.append(node.label) }
      if let value = node.value, !value.isEmpty, node.kind == .textField { texts.append(value) }
      return texts
    } + (frontmost.title.map { [$0] } ?? [])
  }

  /// What tapping the control `query` names does.
  public func tap(_ query: ControlQuery) throws(ScreenError) -> Activation {
    let node = try find(query, among: tappable, what: "control", verb: "tappable")
    guard let control = node.control else {
      throw ScreenError("\(Self.describe(node)) on \(frontmost.name) cannot be tapped")
    }
    return control.activate()
  }

  /// What typing `text` into the field labelled `field` does.
  public func type(_ text: String, into field: String) throws(ScreenError) -> Activation {
    let node = try find(
      ControlQuery(label: field), among: typable, what: "text field", verb: "fields")
    return node.control!.activate(typing: text)
  }

  /// What using the control `query` names in the way `use` says does: stepping a stepper,
  /// setting a slider, deleting or moving a row (a row is named by any text in it).
  public func use(_ use: ControlUse, _ query: ControlQuery) throws(ScreenError) -> Activation {
    var candidates: [ScreenNode] = []
    forEachVisibleNode {
      $0.appendFlattened(to: &candidates) { node in
        guard let control = node.control else { return false }
        return control.activate(use) != nil
      }
    }
    let what: String
    switch use {
    case .increment, .decrement: what = "stepper"
    case .set: what = "slider"
    case .delete, .move: what = "row"
    }
    // A row is called by the texts in it; a stepper or slider by its label, or the start of it
    // (`Duration` for "Duration: 5 min").
    let named = candidates.map { node -> ScreenNode in
      guard node.kind == .row else { return node }
      var named = node
      named.label = node.useLabel
      return named
    }
    var query = query
    if !named.contains(where: { $0.label == query.label }) {
      let starting = named.filter {
        $0.label.hasPrefix(query.label)
          || ($0.kind == .row && $0.label.split(separator: " ").contains { $0 == query.label })
      }
      if starting.count == 1 { query.label = starting[0].label }
    }
    let node = try find(query, among: named, what: what, verb: "\(what)s")
    guard let activation = node.control?.activate(use) else {
      throw ScreenError("\(Self.describe(node)) on \(frontmost.name) cannot \(use.name)")
    }
    return activation
  }

  /// The uses the frontmost screen offers besides taps, typing and back: each stepper's
  /// steps, each row's deletion, in reading order, by the label a script names them with.
  public var otherUses: [(label: String, use: ControlUse)] {
    // The explorer reads this for every screen it reaches: the controls are gathered in one
    // walk, without an array per node.
    var controls: [ScreenNode] = []
    forEachVisibleNode { $0.appendFlattened(to: &controls) { $0.isEnabled && $0.control != nil } }
    var uses: [(label: String, use: ControlUse)] = []
    for node in controls {
      for use in Self.otherUseKinds where node.control!.offers(use) {
        uses.append((node.useLabel, use))
      }
    }
    return uses
  }

  /// The uses ``otherUses`` lists, in the order it lists each control's.
  private static let otherUseKinds: [ControlUse] = [.increment, .decrement, .delete]

  /// What selecting the tab labelled `label` does.
  public func selectTab(_ label: String) throws(ScreenError) -> Activation {
    var tabs: [ScreenNode] = []
    forEachVisibleNode { $0.appendFlattened(to: &tabs) { $0.kind == .tab && $0.control != nil } }
    let node = try find(ControlQuery(label: label), among: tabs, what: "tab", verb: "tabs")
    return node.control!.activate()
  }

  /// What going back does: dismissing the frontmost presentation or popping the top stack
  /// element, as the system back button or a swipe would.
  ///
  /// A full-screen cover, or content marked `.interactiveDismissDisabled()`, offers no system
  /// back: going back from it (or from a stack's root inside it) is an error, and only its own
  /// controls lead out.
  public func back() throws(ScreenError) -> Activation {
    for screen in trail.reversed() {
      if let back = screen.back { return .send(ActionRecorder.record(back)) }
      switch screen.kind {
      case .root, .stackRoot:
        continue
      case .fullScreenCover:
        throw ScreenError(
          "no system back from \(screen.name): a full-screen cover is left through its own "
            + "controls; tappable here: \(Self.list(tappable.map(Self.describe)))")
      default:
        throw ScreenError(
          "no system back from \(screen.name): it disables interactive dismissal, so it is "
            + "left through its own controls; tappable here: "
            + Self.list(tappable.map(Self.describe)))
      }
    }
    throw ScreenError(
      "nothing to go back from: \(frontmost.name) is the first screen (no stack element above "
        + "its stack's root, nothing presented)")
  }

  /// Throws unless `text` is shown on the frontmost screen (as a text, a label or a field's
  /// value, or within one).
  public func see(_ text: String) throws(ScreenError) {
    guard !visibleTexts.contains(where: { $0.contains(text) }) else { return }
    throw ScreenError(
      "\"\(text)\" is not on \(frontmost.name), the frontmost screen; it shows: "
        + Self.list(visibleTexts.map { "\"\($0)\"" }))
  }

  // MARK: - Finding

  private func find(
    _ query: ControlQuery, among candidates: [ScreenNode], what: String, verb: String
  ) throws(ScreenError) -> ScreenNode {
    var matches = candidates.filter { $0.label == query.label }
    if let role = query.role { matches = matches.filter { $0.role == role } }
    // Said only in an error: a tap that finds its control describes nothing.
    var here: String { frontmost.name }
    var offered: String {
      "; \(verb) here: "
        + (candidates.isEmpty ? "none" : Self.list(candidates.map(Self.describe)))
    }
    guard !matches.isEmpty else {
      let roleText = query.role.map { " with role \($0)" } ?? ""
      throw ScreenError("no \(what) labelled \"\(query.label)\"\(roleText) on \(here)\(offered)")
    }
    let node: ScreenNode
    if let index = query.index {
      guard matches.indices.contains(index - 1) else {
        throw ScreenError(
          "\(matches.count) \(what)\(matches.count == 1 ? "" : "s") labelled \"\(query.label)\" "
            + "on \(here), so there is no number \(index)\(offered)")
      }
      node = matches[index - 1]
    } else if matches.count > 1 {
      throw ScreenError(
        "\"\(query.label)\" is ambiguous on \(here): it matches "
          + matches.enumerated().map { "\($0.offset + 1). \(Self.describe($0.element))" }
          .joined(separator: ", ")
          + "; give an index (or a role) to choose")
    } else {
      node = matches[0]
    }
    guard node.isEnabled else {
      throw ScreenError("\(Self.describe(node)) is disabled on \(here)\(offered)")
    }
    return node
  }

  /// `button "Delete" (destructive)`, `link "Go to screen A" (disabled)`.
  static func describe(_ node: ScreenNode) -> String {
    var text = "\(node.kind == .textField ? "text field" : node.kind.rawValue) \"\(node.label)\""
    var notes: [String] = []
    if let role = node.role { notes.append(role) }
    if node.isSelected { notes.append(node.isTypable ? "focused" : "selected") }
    if !node.isEnabled { notes.append("disabled") }
    if !notes.isEmpty { text += " (\(notes.joined(separator: ", ")))" }
    return text
  }

  private static func list(_ items: [String]) -> String {
    items.isEmpty ? "nothing" : items.joined(separator: ", ")
  }
}
