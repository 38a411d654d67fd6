// ExploreStep: one use of the frontmost screen, as the explorer takes it and a repro spec
// replays it — a tap, text typed into a field, or the system back.

import HeadlessUICore
import NavValue

/// One use of the frontmost screen: what the explorer does in a step, and what its reports and
/// repro specs list.
///
/// Its ``description`` is the report's form (`tap "Delete first"`, `tap "Delete" #2`,
/// `type "Blob" into "Name"`, `back`), which ``init(parsing:)`` reads back.
public enum ExploreStep: Hashable, Sendable, CustomStringConvertible {
  /// Taps the control labelled `label`; `index` (from 1) picks among controls with that label.
  case tap(label: String, index: Int?)
  /// Types `text` into the field labelled `field`.
  case type(text: String, field: String)
  /// Goes back as the system would: dismisses or pops the frontmost screen.
  case back
  /// Steps the stepper labelled `label` up.
  case increment(label: String)
  /// Steps the stepper labelled `label` down.
  case decrement(label: String)
  /// Deletes the row showing `label`, as a swipe does.
  case delete(label: String)
  /// Pulls the screen on top to refresh it.
  case refresh

  /// The step as reports list it.
  public var description: String {
    switch self {
    case .tap(let label, nil): "tap \(Self.quoted(label))"
    case .tap(let label, let index?): "tap \(Self.quoted(label)) #\(index)"
    case .type(let text, let field): "type \(Self.quoted(text)) into \(Self.quoted(field))"
    case .back: "back"
    case .increment(let label): "increment \(Self.quoted(label))"
    case .decrement(let label): "decrement \(Self.quoted(label))"
    case .delete(let label): "delete \(Self.quoted(label))"
    case .refresh: "refresh"
    }
  }

  /// The step for `use` of the control a script names `label`, when the explorer takes such
  /// uses.
  init?(_ use: ControlUse, label: String) {
    switch use {
    case .increment: self = .increment(label: label)
    case .decrement: self = .decrement(label: label)
    case .delete: self = .delete(label: label)
    case .set, .move: return nil
    }
  }

  /// The step as a known crash is matched by: the numbers in its control's or field's label
  /// masked (a count shown in a label differs from state to state), its index among controls of
  /// one label and a sign before a number kept (`+1` and `-1` are two controls).
  var crashKey: String {
    switch self {
    case .tap(let label, let index):
      ExploreStep.tap(label: ExploreFinding.masked(label), index: index).description
    case .type(let text, let field):
      ExploreStep.type(text: text, field: ExploreFinding.masked(field)).description
    case .increment(let label):
      ExploreStep.increment(label: ExploreFinding.masked(label)).description
    case .decrement(let label):
      ExploreStep.decrement(label: ExploreFinding.masked(label)).description
    case .delete(let label): ExploreStep.delete(label: ExploreFinding.masked(label)).description
    case .back, .refresh: description
    }
  }

  /// The step as a line of a repro spec, a call on the handle named `handle`.
  func luaCall(on handle: String) -> String {
    switch self {
    case .tap(let label, nil): "\(handle):tap(\(ValuePrinter.quoted(label)))"
    case .tap(let label, let index?):
      "\(handle):tap({label = \(ValuePrinter.quoted(label)), index = \(index)})"
    case .type(let text, let field):
      "\(handle):type(\(ValuePrinter.quoted(field)), \(ValuePrinter.quoted(text)))"
    case .back: "\(handle):back()"
    case .increment(let label): "\(handle):increment(\(ValuePrinter.quoted(label)))"
    case .decrement(let label): "\(handle):decrement(\(ValuePrinter.quoted(label)))"
    case .delete(let label): "\(handle):delete(\(ValuePrinter.quoted(label)))"
    case .refresh: "\(handle):refresh()"
    }
  }

  /// What the step does on `tree`'s frontmost screen; throws when that screen does not offer it.
  func activation(in tree: NavigationTree) throws(ScreenError) -> Activation {
    switch self {
    case .tap(let label, let index): try tree.tap(ControlQuery(label: label, index: index))
    case .type(let text, let field): try tree.type(text, into: field)
    case .back: try tree.back()
    case .increment(let label): try tree.use(.increment, ControlQuery(label: label))
    case .decrement(let label): try tree.use(.decrement, ControlQuery(label: label))
    case .delete(let label): try tree.use(.delete, ControlQuery(label: label))
    // The refresh itself is the store's to run (it awaits the view's task); nothing to send.
    case .refresh: .send([])
    }
  }

  /// Reads a step in the report's form; `nil` when `text` is not one.
  public init?(parsing text: String) {
    var rest = Substring(text)
    func word() -> Substring {
      let end = rest.firstIndex(of: " ") ?? rest.endIndex
      defer { rest = rest[end...].drop(while: { $0 == " " }) }
      return rest[..<end]
    }
    func quoted() -> String? {
      guard rest.first == "\"" else { return nil }
      var value = ""
      var index = rest.index(after: rest.startIndex)
      while index < rest.endIndex {
        let character = rest[index]
        if character == "\\" {
          index = rest.index(after: index)
          guard index < rest.endIndex else { return nil }
          value.append(rest[index])
        } else if character == "\"" {
          rest = rest[rest.index(after: index)...].drop(while: { $0 == " " })
          return value
        } else {
          value.append(character)
        }
        index = rest.index(after: index)
      }
      return nil
    }
    switch word() {
    case "back" where rest.isEmpty:
      self = .back
    case "refresh" where rest.isEmpty:
      self = .refresh
    case let verb where ["increment", "decrement", "delete"].contains(verb):
      guard let label = quoted(), rest.isEmpty else { return nil }
      switch verb {
      case "increment": self = .increment(label: label)
      case "decrement": self = .decrement(label: label)
      default: self = .delete(label: label)
      }
    case "tap":
      guard let label = quoted() else { return nil }
      if rest.isEmpty {
        self = .tap(label: label, index: nil)
      } else if rest.first == "#", let index = Int(rest.dropFirst()), index >= 1 {
        self = .tap(label: label, index: index)
      } else {
        return nil
      }
    case "type":
      guard let text = quoted(), word() == "into", let field = quoted(), rest.isEmpty else {
        return nil
      }
      self = .type(text: text, field: field)
    default:
      return nil
    }
  }

  private static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
