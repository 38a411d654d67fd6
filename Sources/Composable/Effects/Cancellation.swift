/// The key under which a store files an effect's tasks so they can be cancelled together.
///
/// It pairs the id a feature chose with the navigation path of the feature that chose it, so
/// the same id used by two presented children (or two stack elements) names two groups, as in
/// TCA. Tokens live in one root store: two stores never cancel each other's effects.
@usableFromInline
struct CancelToken: Hashable, @unchecked Sendable {
  let id: AnyHashable
  let navigationIDPath: NavigationIDPath

  init(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    self.id = AnyHashable(id)
    self.navigationIDPath = navigationIDPath
  }
}

extension Effect {
  /// Returns an effect that can be cancelled with ``cancel(id:)`` using the same `id`.
  ///
  /// With `cancelInFlight`, effects already running under `id` are cancelled before this one
  /// starts. The id is scoped to the feature's place in the navigation tree and to the store.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation, !cancelInFlight { return self }
    let token = CancelToken(id: id, navigationIDPath: DependencyValues._current.navigationIDPath)
    return Self(operation: .cancellable(token, cancelInFlight: cancelInFlight, self))
  }

  /// Returns an effect that cancels the running effects marked with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(
      operation: .cancel(
        CancelToken(id: id, navigationIDPath: DependencyValues._current.navigationIDPath)))
  }

  /// Returns an effect that cancels every running effect marked with one of `ids`.
  public static func cancel<ID: Hashable & Sendable>(ids: some Sequence<ID>) -> Self {
    .merge(ids.map { .cancel(id: $0) })
  }
}

extension Effect {
  /// Returns an effect filed under `token`, for the library's navigation bookkeeping.
  func cancellable(token: CancelToken) -> Self {
    Self(operation: .cancellable(token, cancelInFlight: false, self))
  }

  /// Returns an effect that cancels every effect filed at or below `path`.
  static func cancel(navigation path: NavigationIDPath) -> Self {
    Self(operation: .cancelNavigation(path))
  }

  /// Returns this effect marked as the library's own bookkeeping.
  var untracked: Self {
    if case .none = operation { return self }
    return Self(operation: .untracked(self))
  }
}

/// What an effect task knows about the store running it, for `@Dependency(\.dismiss)`.
enum StoreContext {
  /// Cancels a token in the store that runs the current effect task.
  @TaskLocal static var cancel: (@Sendable (CancelToken) -> Void)?
}
