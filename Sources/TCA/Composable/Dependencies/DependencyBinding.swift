// The dependencies bound on the current thread during a synchronous reduce, read before the task's.

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
/// synchronous, so a thread-local pointer to a ``Frame`` on the stack does the same job:
/// ``DependencyValues/current`` reads it first and falls back to the task-local.
///
/// A navigation child's frame holds only what changes: its parent's path and its own step. Most
/// child actions read no dependency and start no effect, so the child's path (an allocation) and
/// its values (a copy that retains every field) are made the first time something asks for them,
/// and never otherwise.
///
/// The binding never outlives the synchronous call that made it, and it is restored on the way
/// out, so nested stores and nested `withDependencies` see their own values. Asynchronous code
/// (effects) never sees it: the store binds the task-local for its effects, and an effect
/// captures the values in force when it is created.
@usableFromInline
enum DependencyBinding {
  /// The thread-local slot holding a pointer to the innermost ``Frame``, or `nil`.
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "navd could not create its dependency thread-local")
    return key
  }()

  /// A pointer to dependency values that live elsewhere.
  @usableFromInline typealias Values = UnsafeMutablePointer<DependencyValues>

  /// One binding on a thread: values in full, or a navigation child's place in its parent.
  @usableFromInline
  struct Frame {
    /// The values in force: bound in full, or made for a child the first time they are read.
    @usableFromInline var values: Values?
    /// Whether `values` was made (and allocated) for a child, so the frame frees it.
    @usableFromInline var madeValues = false
    /// The frame the child's was bound inside, or `nil` when that is the task's values.
    @usableFromInline let enclosing: UnsafeMutablePointer<Frame>?
    /// The parent's navigation path, where the parent keeps it; `nil` for values bound in full.
    ///
    /// This and `step` point into the parent's stack frame, which outlives the child's: no
    /// retain or release for a frame that makes nothing.
    @usableFromInline let parentPath: UnsafePointer<NavigationIDPath>?
    /// The child's step below `parentPath`; `nil` for values bound in full.
    @usableFromInline let step: UnsafePointer<NavigationID>?
    /// Whether the child gets a `dismiss` wired to its place.
    @usableFromInline let dismissible: Bool
    /// The child's path, once made.
    @usableFromInline var path: NavigationIDPath?

    @usableFromInline
    init(
      values: Values?, enclosing: UnsafeMutablePointer<Frame>?,
      parentPath: UnsafePointer<NavigationIDPath>?, step: UnsafePointer<NavigationID>?,
      dismissible: Bool
    ) {
      self.values = values
      self.enclosing = enclosing
      self.parentPath = parentPath
      self.step = step
      self.dismissible = dismissible
    }
  }

  /// The innermost frame bound on this thread, if any.
  @usableFromInline
  static var frame: UnsafeMutablePointer<Frame>? {
    pthread_getspecific(key)?.assumingMemoryBound(to: Frame.self)
  }

  /// The values in force in `frame`, made from the enclosing ones if this is their first read.
  @usableFromInline
  static func values(in frame: UnsafeMutablePointer<Frame>) -> Values {
    if let values = frame.pointee.values { return values }
    var made =
      frame.pointee.enclosing.map { Self.values(in: $0).pointee } ?? DependencyValues._current
    let path = navigationIDPath(in: frame)
    made.navigationIDPath = path
    if frame.pointee.dismissible {
      made.dismiss = DismissEffect(relay: made.cancelRelay, path: path)
    }
    let pointer = UnsafeMutablePointer<DependencyValues>.allocate(capacity: 1)
    pointer.initialize(to: made)
    frame.pointee.values = pointer
    frame.pointee.madeValues = true
    return pointer
  }

  /// The navigation path in force in `frame`, made if this is its first read.
  @usableFromInline
  static func navigationIDPath(in frame: UnsafeMutablePointer<Frame>) -> NavigationIDPath {
    if let path = frame.pointee.path { return path }
    guard let step = frame.pointee.step, let parentPath = frame.pointee.parentPath else {
      return frame.pointee.values!.pointee.navigationIDPath
    }
    let path = parentPath.pointee.appending(step.pointee)
    frame.pointee.path = path
    return path
  }

  /// Runs `body` with `frame` bound on this thread, then restores the previous binding and
  /// frees what the frame made.
  @inlinable
  static func with<R>(_ frame: inout Frame, _ body: () throws -> R) rethrows -> R {
    let previous = pthread_getspecific(key)
    return try withUnsafeMutablePointer(to: &frame) { pointer in
      pthread_setspecific(key, pointer)
      defer {
        pthread_setspecific(key, previous)
        if pointer.pointee.madeValues, let values = pointer.pointee.values {
          values.deinitialize(count: 1)
          values.deallocate()
          pointer.pointee.values = nil
          pointer.pointee.madeValues = false
        }
      }
      return try body()
    }
  }

  /// Runs `body` with `values` bound on this thread, then restores the previous binding.
  ///
  /// `values` is `inout` only so that it is bound where it lives, without a copy (a copy retains
  /// every field); it is not changed.
  @inlinable
  static func withValues<R>(
    _ values: inout DependencyValues, _ body: () throws -> R
  ) rethrows -> R {
    try withUnsafeMutablePointer(to: &values) { values in
      var frame = Frame(
        values: values, enclosing: nil, parentPath: nil, step: nil,
        dismissible: false)
      return try with(&frame, body)
    }
  }

  /// Runs `body` as the navigation child at `step` below `parentPath`, with `\.dismiss` wired to
  /// that place when `dismissible`; returns its result and the child's path, if something made
  /// it.
  @inlinable
  static func withChild<R>(
    under parentPath: NavigationIDPath, at step: NavigationID, dismissible: Bool,
    _ body: () throws -> R
  ) rethrows -> (result: R, path: NavigationIDPath?) {
    try withUnsafePointer(to: parentPath) { parentPath in
      try withUnsafePointer(to: step) { step in
        var frame = Frame(
          values: nil, enclosing: self.frame, parentPath: parentPath, step: step,
          dismissible: dismissible)
        let result = try with(&frame, body)
        return (result, frame.path)
      }
    }
  }
}

extension DependencyValues {
  /// The dependencies in force: those bound by a synchronous reduce on this thread, else those
  /// of the current task.
  ///
  /// Everything in navd reads dependencies through this or ``read(_:)``, including
  /// ``Dependency``.
  @usableFromInline
  static var current: DependencyValues {
    guard let frame = DependencyBinding.frame else { return _current }
    return DependencyBinding.values(in: frame).pointee
  }

  /// Returns `body` applied to the dependencies in force, without copying them (a copy retains
  /// every field).
  @usableFromInline
  static func read<R>(_ body: (borrowing DependencyValues) throws -> R) rethrows -> R {
    guard let frame = DependencyBinding.frame else { return try body(_task.values) }
    return try body(DependencyBinding.values(in: frame).pointee)
  }

  /// The navigation path in force (``current``'s), without making the other values.
  @usableFromInline
  static var currentNavigationIDPath: NavigationIDPath {
    guard let frame = DependencyBinding.frame else { return _task.values._navigationIDPath }
    return DependencyBinding.navigationIDPath(in: frame)
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
