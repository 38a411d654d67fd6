/// The place of a feature in the navigation tree: the ids of the presentations and stack
/// elements above it.
///
/// Cancel ids are scoped by it, so when a presented child or stack element goes away its effects
/// can be cancelled as a group without touching its siblings'.
@usableFromInline
struct NavigationIDPath: Hashable, Sendable {
  var path: [NavigationID]

  init(path: [NavigationID] = []) { self.path = path }

  /// Returns the path one level deeper, at `id`.
  func appending(_ id: NavigationID) -> Self { Self(path: path + [id]) }

  /// Whether this path is `other` or lies under it.
  func starts(with other: NavigationIDPath) -> Bool { path.starts(with: other.path) }
}

/// One step in a ``NavigationIDPath``: what a presentation or stack element is identified by.
@usableFromInline
struct NavigationID: Hashable, @unchecked Sendable {
  let kind: ObjectIdentifier
  let identifier: AnyHashable
  let tag: UInt32?

  init(kind: Any.Type, identifier: AnyHashable, tag: UInt32? = nil) {
    self.kind = ObjectIdentifier(kind)
    self.identifier = identifier
    self.tag = tag
  }
}

private enum NavigationIDPathKey: DependencyKey {
  static let liveValue = NavigationIDPath()
  static let testValue = NavigationIDPath()
}

extension DependencyValues {
  @usableFromInline
  var navigationIDPath: NavigationIDPath {
    get { self[NavigationIDPathKey.self] }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}
