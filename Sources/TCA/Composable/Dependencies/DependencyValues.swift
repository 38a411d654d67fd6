// DependencyValues: the dependencies in force, the context they resolve for, `withDependencies`.

import Foundation

/// The context a store's dependencies resolve their default values for.
public enum DependencyContext: Sendable, Hashable {
  /// The app running for real: keys give their `liveValue`.
  case live
  /// A preview: keys give their `previewValue`.
  case preview
  /// A test: keys give their `testValue`.
  case test
}

/// The set of dependencies in force, read by ``Dependency`` and changed with
/// ``withDependencies(_:operation:)-(_,()->R)``.
///
/// Add a dependency by extending it with a computed property over a key:
///
/// ```swift
/// extension DependencyValues {
///   var factClient: FactClient {
///     get { self[FactClient.self] }
///     set { self[FactClient.self] = newValue }
///   }
/// }
/// ```
public struct DependencyValues: Sendable {
  /// The dependencies of the current task; stores set them while reducing and inside effects.
  ///
  /// Read dependencies with ``Dependency`` rather than this: inside a navigation child's
  /// synchronous reduce, the child's place in the navigation tree and its `dismiss` are bound on
  /// the thread (see `DependencyBinding`), not here.
  public static var _current: DependencyValues { _task.values }

  /// The task-local behind ``_current``: a reference, so that binding it (as every store does
  /// for every action) retains one object instead of copying each field into the binding.
  @TaskLocal static var _task = base

  /// The values in force outside every store and `withDependencies`: the defaults, with what
  /// ``prepareDependencies(_:)`` set.
  static let base = Reference(DependencyValues())

  /// Dependency values behind a reference, for binding to a task.
  final class Reference: @unchecked Sendable {
    /// The values; never changed after init (a `var` only so that a store can bind them on the
    /// thread where they live, without a copy).
    @exclusivity(unchecked) var values: DependencyValues

    init(_ values: DependencyValues) { self.values = values }
  }

  private var storage: [ObjectIdentifier: AnyObject & Sendable] = [:]

  // The dependencies the library itself reads on every navigation action live in fields, not
  // in `storage`: changing them (as `ifLet` and `forEach` do for each child action) copies no
  // dictionary.
  var _navigationIDPath = NavigationIDPath()
  var _dismiss: DismissEffect?
  var _stackElementID: StackElementIDGenerator?
  var _cancelRelay: CancelRelay?

  /// The context defaults resolve for: ``DependencyContext/live`` unless a test says otherwise.
  public var context: DependencyContext = .live

  /// Creates dependency values with nothing overridden, in the live context.
  public init() {}

  /// Creates dependency values with nothing overridden, in `context`.
  public init(context: DependencyContext) { self.context = context }

  /// Reads or overrides the dependency for `key`, which has a live value.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let box = storage[ObjectIdentifier(key)] {
        return unsafeDowncast(box, to: DependencyBox<Key.Value>.self).value
      }
      switch context {
      case .live: return Key.liveValue
      case .preview: return Key.previewValue
      case .test: return Key.testValue
      }
    }
    set { storage[ObjectIdentifier(key)] = DependencyBox(newValue) }
  }

  /// Reads or overrides the dependency for `key`, which has test and preview values only.
  @_disfavoredOverload
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let box = storage[ObjectIdentifier(key)] {
        return unsafeDowncast(box, to: DependencyBox<Key.Value>.self).value
      }
      switch context {
      case .live:
        if let live = key as? any DependencyKey.Type,
          let value = Self.liveValue(of: live) as? Key.Value
        {
          return value
        }
        return Key.testValue
      case .preview: return Key.previewValue
      case .test: return Key.testValue
      }
    }
    set { storage[ObjectIdentifier(key)] = DependencyBox(newValue) }
  }

  private static func liveValue<K: DependencyKey>(of _: K.Type) -> any Sendable { K.liveValue }

  /// Returns these values with every override in `other` applied on top.
  public func merging(_ other: DependencyValues) -> DependencyValues {
    var result = self
    result.storage.merge(other.storage) { _, new in new }
    return result
  }
}

/// An overridden dependency's value, boxed so reading it back needs no dynamic cast.
final class DependencyBox<Value: Sendable>: Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

// MARK: - Scoping

/// Sets dependencies for the whole process, before anything reads them: what an app's entry
/// point does (`@main struct MyApp: App { init() { prepareDependencies { … } } }`).
///
/// Call it once, early, before the first store is made: the values it sets are read without a
/// lock afterwards. Stores and `withDependencies` start from them.
public func prepareDependencies(_ updateValues: (inout DependencyValues) throws -> Void) rethrows {
  var values = DependencyValues.base.values
  try updateValues(&values)
  DependencyValues.base.values = values
}

/// Runs `operation` with the dependencies changed by `update`, and returns its result.
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  // Both bindings: the thread's, which a store's reduce may have set and reads look at first,
  // and the task's, which effects and tasks started inside inherit.
  return try DependencyValues.withTaskAndThread(values, operation)
}

/// Runs async `operation` with the dependencies changed by `update`, and returns its result.
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R,
  isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
  var values = DependencyValues.current
  try await update(&values)
  return try await DependencyValues.$_task.withValue(
    DependencyValues.Reference(values), operation: operation)
}
