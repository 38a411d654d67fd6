// `_TrackedStorage` and StateAccess: reducers change tracked properties where they are stored.

/// Observable state whose tracked properties a reducer can change where they are stored, telling
/// observers itself: what `@ObservableState` generates beside the accessors.
///
/// A key path to a tracked property goes through its getter and setter, so changing a stack or
/// a collection through `\.path` copied all of it first (the getter's copy shares the storage
/// the mutation then duplicates): an `@ObservableState` stack action cost over five times a
/// plain one. Reducers given such a key path change the stored property behind it instead, and
/// report the change around the action.
public protocol _TrackedStorage {
  /// The stored property behind the tracked property `keyPath`, or `nil` when `keyPath` is
  /// not one.
  static func _$storage<Value>(for keyPath: WritableKeyPath<Self, Value>)
    -> WritableKeyPath<Self, Value>?
  /// Tells observers that the property at `keyPath` is about to change.
  func _$willSet<Value>(_ keyPath: KeyPath<Self, Value>)
  /// Tells observers that the property at `keyPath` changed.
  func _$didSet<Value>(_ keyPath: KeyPath<Self, Value>)
}

/// Where a reducer reads and changes a child's state inside its parent's.
///
/// Resolved once, when the reducer is built: for a tracked property of `@ObservableState`
/// state, the stored property behind it and the observers to tell; otherwise the key path
/// itself.
@usableFromInline
struct StateAccess<Root, Value> {
  /// The key path reads and changes go through.
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  /// Tells the state's observers a change is coming, when `keyPath` bypasses the accessors.
  @usableFromInline let willSet: ((Root) -> Void)?
  /// Tells the state's observers the change happened.
  @usableFromInline let didSet: ((Root) -> Void)?

  @usableFromInline
  init(_ named: WritableKeyPath<Root, Value>) {
    guard let tracked = Root.self as? any _TrackedStorage.Type else {
      (keyPath, willSet, didSet) = (named, nil, nil)
      return
    }
    func resolve<T: _TrackedStorage>(_: T.Type) -> StateAccess {
      guard let typed = named as? WritableKeyPath<T, Value>,
        let stored = T._$storage(for: typed) as? WritableKeyPath<Root, Value>
      else { return StateAccess(keyPath: named, willSet: nil, didSet: nil) }
      // Observable child state tells its own observers about its own changes, as its setter
      // would have (an in-place change keeps its identity, which the setter does not report).
      if Value.self is any ObservableState.Type {
        return StateAccess(keyPath: stored, willSet: nil, didSet: nil)
      }
      return StateAccess(
        keyPath: stored,
        willSet: { unsafeBitCast($0, to: T.self)._$willSet(typed) },
        didSet: { unsafeBitCast($0, to: T.self)._$didSet(typed) })
    }
    self = resolve(tracked)
  }

  @usableFromInline
  init(
    keyPath: WritableKeyPath<Root, Value>, willSet: ((Root) -> Void)?, didSet: ((Root) -> Void)?
  ) {
    self.keyPath = keyPath
    self.willSet = willSet
    self.didSet = didSet
  }

  /// Runs `body` on `root`, telling observers before and after when they must be told.
  @inlinable
  func around<Result>(_ root: inout Root, _ body: (inout Root) -> Result) -> Result {
    guard let willSet, let didSet else { return body(&root) }
    willSet(root)
    defer { didSet(root) }
    return body(&root)
  }
}
