// ViewIdentity: where a view is in the tree a render builds, as SwiftUI's structural identity.

/// Where a view is in its host's tree: the views it is inside, each by its type and its place
/// among the siblings of that type, and the element ids of the `ForEach`es it is in.
///
/// It is SwiftUI's structural identity, with one simplification: the two branches of an `if`
/// holding views of the same type are the same view (SwiftUI tells them apart). A view's
/// `@State` and its lifecycle (`.onAppear`, `.task`) are kept by its identity: the same identity
/// in the next render is the same view.
public struct ViewIdentity: Hashable, Sendable, CustomStringConvertible {
  /// One step down the tree.
  enum Component: Hashable, Sendable {
    /// A view of a type, the `ordinal`-th of that type in its parent's body.
    case view(type: ObjectIdentifierBox, ordinal: Int)
    /// An element of a `ForEach`, by its id.
    case element(AnyHashableSendable)
    /// A modifier's own place (a lifecycle modifier's, the `ordinal`-th of its kind).
    case slot(String, ordinal: Int)
  }

  var components: [Component]

  /// The root of a host's tree.
  static let root = ViewIdentity(components: [])

  func appending(_ component: Component) -> ViewIdentity {
    var identity = self
    identity.components.append(component)
    return identity
  }

  /// The path of type names and element ids: `AppView/SyncUpsList/ForEach[3]/CardView`.
  public var description: String {
    components.map { component -> String in
      switch component {
      case .view(let type, let ordinal): ordinal == 0 ? type.name : "\(type.name)#\(ordinal)"
      case .element(let id): "[\(id.description)]"
      case .slot(let kind, let ordinal): ordinal == 0 ? kind : "\(kind)#\(ordinal)"
      }
    }.joined(separator: "/")
  }

  /// The name of the innermost view type: the screen's view a hook or a state belongs to.
  public var viewName: String {
    for component in components.reversed() {
      if case .view(let type, _) = component { return type.name }
    }
    return ""
  }
}

/// A view type, compared by identity and named for people.
struct ObjectIdentifierBox: Hashable, @unchecked Sendable {
  let id: ObjectIdentifier
  let type: Any.Type

  init(_ type: Any.Type) {
    self.id = ObjectIdentifier(type)
    self.type = type
  }

  var name: String {
    let full = String(describing: type)
    // A generic view's arguments say nothing a person looks for.
    return full.firstIndex(of: "<").map { String(full[..<$0]) } ?? full
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// An element id, hashable and sendable whatever its type (element ids are values).
struct AnyHashableSendable: Hashable, @unchecked Sendable, CustomStringConvertible {
  let value: AnyHashable
  var description: String { String(describing: value.base) }
}
