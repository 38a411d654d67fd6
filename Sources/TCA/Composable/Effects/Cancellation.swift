// Effect cancellation: `cancellable`, `cancel(id:)`, and tokens scoped to a navigation place.

import Synchronization

/// The key under which a store files an effect's tasks so they can be cancelled together.
///
/// It pairs the id a feature chose with the navigation path of the feature that chose it, so
/// the same id used by two presented children (or two stack elements) names two groups, as in
/// TCA. Tokens live in one root store: two stores never cancel each other's effects.
@usableFromInline
struct CancelToken: Hashable, @unchecked Sendable {
  /// Whose id it is: a feature's, or one the library files its navigation bookkeeping under
  /// (kept apart from `AnyHashable`, which checks a conformance at run time on every action).
  @usableFromInline
  enum Key: Hashable, @unchecked Sendable {
    case feature(AnyHashable)
    /// A presented child's or stack element's own effects.
    case presentationEffects
    /// The wait that `dismiss()` ends.
    case presentationDismiss
    /// The listener that sends the dismissing action.
    case presentationListener
  }

  let key: Key
  let navigationIDPath: NavigationIDPath

  init(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    self.key = .feature(AnyHashable(id))
    self.navigationIDPath = navigationIDPath
  }

  @usableFromInline
  init(_ key: Key, navigationIDPath: NavigationIDPath) {
    self.key = key
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
    let token = CancelToken(id: id, navigationIDPath: DependencyValues.currentNavigationIDPath)
    return Self(operation: .cancellable(token, cancelInFlight: cancelInFlight, self))
  }

  /// Returns an effect that cancels the running effects marked with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(
      operation: .cancel(
        CancelToken(id: id, navigationIDPath: DependencyValues.currentNavigationIDPath)))
  }

  /// Returns an effect that cancels every running effect marked with one of `ids`.
  public static func cancel<ID: Hashable & Sendable>(ids: some Sequence<ID>) -> Self {
    .merge(ids.map { .cancel(id: $0) })
  }
}

extension Effect {
  /// Returns an effect filed under `token`, for the library's navigation bookkeeping.
  @usableFromInline
  func cancellable(token: CancelToken) -> Self {
    if case .none = operation { return self }
    return Self(operation: .cancellable(token, cancelInFlight: false, self))
  }

  /// Returns an effect that cancels every effect filed at or below `path`.
  @usableFromInline
  static func cancel(navigation path: NavigationIDPath) -> Self {
    Self(operation: .cancelNavigation(path))
  }

  /// Returns this effect marked as the library's own bookkeeping.
  var untracked: Self {
    if case .none = operation { return self }
    return Self(operation: .untracked(self))
  }
}

/// Lets code running under a store's dependencies cancel a token in that store, for
/// `@Dependency(\.dismiss)`.
///
/// Each root store puts one in its dependencies, so effects (which carry the dependencies they
/// were created with) reach the store that runs them, and two stores never reach each other.
@usableFromInline
final class CancelRelay: @unchecked Sendable {
  /// Set once by the store, before it processes anything.
  var handler: (@Sendable (CancelToken) -> Void)?
  /// Files a cancel action under a token (cancelling what is filed there first when asked) and
  /// returns its number, for `withTaskCancellation`; set once by the store.
  var register: (@Sendable (CancelToken, Bool, @escaping @Sendable () -> Void) -> Int)?
  /// Takes a registered cancel action out of the books.
  var unregister: (@Sendable (CancelToken, Int) -> Void)?
}

extension DependencyValues {
  /// The relay to the store whose dependencies these are.
  @usableFromInline
  var cancelRelay: CancelRelay? {
    get { _cancelRelay }
    set { _cancelRelay = newValue }
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the effects running under `id` in the store whose effect calls it: `.cancel(id:)`
  /// from inside an effect.
  public static func cancel(id: some Hashable & Sendable) {
    let token = CancelToken(id: id, navigationIDPath: DependencyValues.currentNavigationIDPath)
    DependencyValues.current.cancelRelay?.handler?(token)
  }
}

/// Runs `operation` as work that `.cancel(id:)` (or `Task.cancel(id:)`) with the same `id`
/// cancels, in the store whose effect runs it.
///
/// With `cancelInFlight`, work already running under `id` is cancelled first. Outside a store it
/// simply runs `operation`.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  operation: @escaping @Sendable () async throws -> T
) async rethrows -> T {
  let values = DependencyValues.current
  let token = CancelToken(id: id, navigationIDPath: DependencyValues.currentNavigationIDPath)
  let task = Task { try await operation() }
  let registered = values.cancelRelay?.register?(token, cancelInFlight) { task.cancel() }
  defer {
    if let registered { values.cancelRelay?.unregister?(token, registered) }
  }
  let result = await withTaskCancellationHandler {
    await task.result
  } onCancel: {
    task.cancel()
  }
  return try result.rethrowingGet()
}

/// A result whose `get` throws only what the operation that made it could throw: what lets
/// `withTaskCancellation` be `rethrows` though its operation runs in a task of its own.
@rethrows
protocol RethrowingResult {
  associatedtype Output
  func get() throws -> Output
}

extension RethrowingResult {
  func rethrowingGet() rethrows -> Output { try get() }
}

extension Result: RethrowingResult {}

/// How many effects are filed under a cancel id, in every store of the process: what TCA's tests
/// read after each test (`_cancellationCancellables.count`) to see that none was left running.
package enum CancellableEffects {
  private static let count = Atomic<Int>(0)

  /// The effects filed now.
  package static var live: Int { count.load(ordering: .acquiring) }

  /// Counts `change` effects filed (positive) or taken out of the books (negative).
  static func filed(_ change: Int) {
    if change != 0 { count.add(change, ordering: .acquiringAndReleasing) }
  }
}
