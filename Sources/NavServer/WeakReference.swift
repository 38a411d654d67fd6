// A weak reference that a closure captures as a constant.

/// A weak reference to `Object`, for closures on the per-request path.
///
/// A closure capturing `[weak x]` keeps `x` in a mutable box, and every read of it goes through
/// the run-time exclusivity check (a thread-local lookup, ~80 instructions). Captured as a
/// constant, this class reads its reference with no check: it is only ever set at init.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  @exclusivity(unchecked) private(set) weak var object: Object?

  /// Creates a weak reference to `object`.
  init(_ object: Object) { self.object = object }
}
