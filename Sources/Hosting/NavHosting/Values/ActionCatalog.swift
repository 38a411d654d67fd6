// ActionCatalog: every action a feature takes, written as the action paths `send` reads, read from
// the action type's metadata: what a dispatch box completes.

import Composable

/// One action a feature takes, as an action path and what its last case carries.
public struct ActionCase: Sendable, Equatable {
  /// The path `store.send` reads: `"destination.presented.addContact.setName"`.
  ///
  /// A stack element's actions go through its topmost element,
  /// `"path.element(-1).screenB.tapped"`.
  public var path: String
  /// The type of the payload the last case takes (`"String"`, `"(id: StackElementID, state:
  /// Path.State)"`), or `nil` when it takes none.
  public var payload: String?
}

/// The actions a feature's action type has, read from its enum metadata (cases and payload
/// types), as ``ActionPath`` writes them.
///
/// A case whose payload is an enum opens into that enum's cases (`destination.presented.…`,
/// `destination.dismiss`); a case whose payload is an `(id:, action:)` pair (a stack element's
/// action) opens into the action's cases, through the topmost element. Any other payload ends the
/// path. The walk stops at ``depthLimit`` cases deep, does not open a type already open on the
/// way down (a recursive action), and lists at most ``limit`` actions.
public enum ActionCatalog {
  /// How many cases deep a path goes.
  public static let depthLimit = 8
  /// The most actions listed.
  public static let limit = 5_000

  /// The actions `action` has, in declaration order, or an empty list when it is not an enum
  /// whose cases can be read.
  public static func cases(of action: Any.Type) -> [ActionCase] {
    var found: [ActionCase] = []
    walk(action, prefix: "", open: [], into: &found)
    return found
  }

  private static func walk(
    _ type: Any.Type, prefix: String, open: [ObjectIdentifier], into found: inout [ActionCase]
  ) {
    let metadata = TypeMetadata(type)
    guard metadata.kind == .enumeration, let cases = metadata.enumCases,
      open.count < depthLimit
    else { return }
    let open = open + [ObjectIdentifier(type)]
    for info in cases {
      guard found.count < limit else { return }
      let path = prefix + info.name
      guard let payload = info.payload else {
        found.append(ActionCase(path: path, payload: nil))
        continue
      }
      if let inner = opening(payload), !open.contains(ObjectIdentifier(inner.type)) {
        walk(inner.type, prefix: path + inner.infix, open: open, into: &found)
      } else {
        found.append(ActionCase(path: path, payload: name(of: payload)))
      }
    }
  }

  /// A payload type's name as a person writes it: `String`, `(id: UUID)`, `Path.State`.
  static func name(of type: Any.Type) -> String {
    guard let elements = TypeMetadata(type).tupleElements else {
      return ValueModel.typeName(type)
    }
    let written = elements.map { element in
      (element.label.map { "\($0): " } ?? "") + name(of: element.type)
    }
    return "(" + written.joined(separator: ", ") + ")"
  }

  /// The enum a payload of type `payload` opens into, and what the path writes before its cases:
  /// `.` for an enum payload, `(-1).` for an `(id:, action:)` pair.
  private static func opening(_ payload: Any.Type) -> (type: Any.Type, infix: String)? {
    let metadata = TypeMetadata(payload)
    switch metadata.kind {
    case .enumeration:
      return (payload, ".")
    case .tuple:
      guard let elements = metadata.tupleElements, elements.count == 2,
        elements[0].label == "id", elements[1].label == "action",
        TypeMetadata(elements[1].type).kind == .enumeration
      else { return nil }
      return (elements[1].type, "(-1).")
    default:
      return nil
    }
  }
}
