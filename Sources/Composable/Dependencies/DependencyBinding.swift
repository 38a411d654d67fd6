#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The dependencies bound on the current thread for the length of a synchronous reduce.
///
/// Every navigation child action runs its reducer with changed dependencies (its place in the
/// navigation tree, its `dismiss`). Binding them with `TaskLocal.withValue` cost more than the
/// rest of the child's bookkeeping: an allocation for the task-local item, unspecialized generic
/// code that looks up `Result` metadata at run time, and a lookup on every read. A reduce is
/// synchronous, so a thread-local pointer to the values, held on the stack, does the same job:
/// ``DependencyValues/current`` reads it first and falls back to the task-local.
///
/// The binding never outlives the synchronous call that made it, and it is restored on the way
/// out, so nested stores and nested `withDependencies` see their own values. Asynchronous code
/// (effects) never sees it: the store binds the task-local for its effects, and an effect
/// captures the values in force when it is created.
@usableFromInline
enum DependencyBinding {
  /// The thread-local slot holding a pointer to the bound values, or `nil`.
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "navd could not create its dependency thread-local")
    return key
  }()

  /// The navigation path bound on this thread, read through the pointer (copying the whole
  /// values retains every field), when a synchronous reduce bound some.
  @usableFromInline
  static var boundNavigationIDPath: NavigationIDPath? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return pointer.assumingMemoryBound(to: DependencyValues.self).pointee._navigationIDPath
  }

  /// The values bound on this thread, when a synchronous reduce bound some.
  static var bound: DependencyValues? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return pointer.assumingMemoryBound(to: DependencyValues.self).pointee
  }

  /// Runs `body` with `values` bound on this thread, then restores the previous binding.
  ///
  /// `values` is `inout` only so that it is bound where it lives, without a copy (a copy retains
  /// every field); it is not changed.
  @inlinable
  static func withValues<R>(
    _ values: inout DependencyValues, _ body: () throws -> R
  ) rethrows -> R {
    let previous = pthread_getspecific(key)
    return try withUnsafeMutablePointer(to: &values) { pointer in
      pthread_setspecific(key, pointer)
      defer { pthread_setspecific(key, previous) }
      return try body()
    }
  }
}

extension DependencyValues {
  /// The dependencies in force: those bound by a synchronous reduce on this thread, else those
  /// of the current task.
  ///
  /// Everything in navd reads dependencies through this, including ``Dependency``.
  @usableFromInline
  static var current: DependencyValues {
    DependencyBinding.bound ?? _current
  }

  /// The navigation path in force (``current``'s), without copying the other values.
  @usableFromInline
  static var currentNavigationIDPath: NavigationIDPath {
    DependencyBinding.boundNavigationIDPath ?? _task.values._navigationIDPath
  }

  /// Runs `operation` with `values` in force both for the current task (inherited by tasks and
  /// effects started inside) and on this thread (read first).
  static func withTaskAndThread<R>(
    _ values: DependencyValues, _ operation: () throws -> R
  ) rethrows -> R {
    try withTaskAndThread(Reference(values), operation)
  }

  /// Runs `operation` with `reference`'s values in force for the current task and on this
  /// thread; a store binds the reference it made once, so no binding copies the values.
  static func withTaskAndThread<R>(
    _ reference: Reference, _ operation: () throws -> R
  ) rethrows -> R {
    try $_task.withValue(reference) {
      // Bound where the reference keeps them: no copy of the values per send.
      try DependencyBinding.withValues(&reference.values, operation)
    }
  }
}
