// NavigationIDPath: a feature's place in the navigation tree, which scopes its cancel ids.

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
  ///
  /// One allocation, of the exact size (`path + [id]` made two): navigation reducers call this
  /// for every child action.
  @usableFromInline
  func appending(_ id: NavigationID) -> Self {
    var longer: [NavigationID] = []
    longer.reserveCapacity(path.count + 1)
    longer.append(contentsOf: path)
    longer.append(id)
    return Self(path: longer)
  }

  /// Whether this path is `parent.appending(step)`, found without building that path.
  @usableFromInline
  func isStep(_ step: NavigationID, under parent: NavigationIDPath) -> Bool {
    let depth = parent.path.count
    guard path.count == depth + 1, path[depth] == step else { return false }
    // Indices, not `dropLast().elementsEqual(_:)`: the generic slice comparison cost ten times
    // as much.
    for index in 0..<depth where path[index] != parent.path[index] { return false }
    return true
  }

  /// Whether this path is `other` or lies under it.
  func starts(with other: NavigationIDPath) -> Bool { path.starts(with: other.path) }
}

/// One step in a ``NavigationIDPath``: what a presentation or stack element is identified by.
///
/// Kept free of `AnyHashable` where it can be (building one checks a protocol conformance at run
/// time), since navigation reducers compute these on every action.
@usableFromInline
struct NavigationID: Hashable, @unchecked Sendable {
  let kind: ObjectIdentifier
  /// Where the child lives in its parent's state.
  let place: AnyKeyPath?
  /// The enum case of the child's state.
  let tag: UInt32?
  /// The stack element, for a stack.
  let element: StackElementID?
  /// The `id` of `Identifiable` state, or a row's id.
  let identity: AnyHashable?

  @usableFromInline
  init(
    kind: Any.Type, place: AnyKeyPath?, tag: UInt32? = nil, element: StackElementID? = nil,
    identity: AnyHashable? = nil
  ) {
    self.kind = ObjectIdentifier(kind)
    self.place = place
    self.tag = tag
    self.element = element
    self.identity = identity
  }

  /// Whether two steps are the same, cheapest fields first.
  ///
  /// A key path literal is one object per call site, so `place` is compared by identity before
  /// `AnyKeyPath`'s own `==` (which cost ~300 instructions every time).
  @usableFromInline
  static func == (lhs: NavigationID, rhs: NavigationID) -> Bool {
    guard lhs.kind == rhs.kind, lhs.tag == rhs.tag, lhs.element == rhs.element else {
      return false
    }
    switch (lhs.place, rhs.place) {
    case (nil, nil): break
    case (let left?, let right?): guard left === right || left == right else { return false }
    default: return false
    }
    return lhs.identity == rhs.identity
  }
}

extension DependencyValues {
  @usableFromInline
  var navigationIDPath: NavigationIDPath {
    get { _navigationIDPath }
    set { _navigationIDPath = newValue }
  }
}
