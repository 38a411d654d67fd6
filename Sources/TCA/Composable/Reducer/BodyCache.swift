// BodyCache: the bodies of reducers with no stored properties, built once per type.

import Synchronization

/// The bodies of reducers that have no stored properties, built once per type and kept for the
/// life of the process.
///
/// TCA evaluates a reducer's `body` on every action: the whole tree of `Scope`s, `forEach`es and
/// case paths is built, run once and destroyed again, which costs more than running it (a
/// `NavigationDemo` stack action built and destroyed about 2,000 instructions' worth of reducer
/// values). A reducer with no stored properties has nothing its body could depend on but code,
/// so its body is the same value every time: navd builds it once per type. Reducers with stored
/// properties (configuration, `@Dependency` wrappers) are not cached and behave exactly as in
/// TCA. The one difference is a body that reads global state or dependencies while it is
/// *built* (rather than inside its `Reduce` closures, which run per action as always): it is
/// built once. docs/composable.md lists this among navd's departures from TCA.
///
/// A lock-free table of a few thousand types, keyed by type metadata; a type that finds it full
/// is not cached.
@usableFromInline
final class BodyCache: @unchecked Sendable {
  @usableFromInline static let shared = BodyCache(capacity: 4096)

  @usableFromInline let slots: KeySlots
  @usableFromInline let bodies: UnsafeMutablePointer<Atomic<UInt>>

  private init(capacity: Int) {
    slots = KeySlots(capacity: capacity)
    bodies = .allocate(capacity: capacity)
    for index in 0..<capacity { (bodies + index).initialize(to: Atomic(0)) }
  }

  /// The cached body of `reducer`'s type, built by reading `reducer.body` the first time.
  ///
  /// Returns `nil` (and the caller builds the body itself) when the table is full.
  @inlinable
  func body<R: Reducer>(of reducer: R) -> BodyBox<R.Body>? {
    let key = UInt(bitPattern: unsafeBitCast(R.self, to: Int.self))
    guard let slot = slots.slot(for: key) else { return nil }
    let bits = bodies[slot].load(ordering: .acquiring)
    if bits != 0 {
      return Unmanaged<BodyBox<R.Body>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
        .takeUnretainedValue()
    }
    return publish(BodyBox(reducer.body), at: slot)
  }

  /// Stores `box` in `slot` unless another thread stored one first, and returns the one kept.
  @usableFromInline
  func publish<Body>(_ box: BodyBox<Body>, at slot: Int) -> BodyBox<Body> {
    let bits = UInt(bitPattern: Unmanaged.passRetained(box).toOpaque())
    let (stored, winner) = bodies[slot].compareExchange(
      expected: 0, desired: bits, ordering: .acquiringAndReleasing)
    if stored { return box }
    Unmanaged<BodyBox<Body>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
    return Unmanaged<BodyBox<Body>>.fromOpaque(UnsafeRawPointer(bitPattern: winner)!)
      .takeUnretainedValue()
  }
}

/// A reducer body kept by ``BodyCache``.
@usableFromInline
final class BodyBox<Body>: @unchecked Sendable {
  @usableFromInline let body: Body

  @usableFromInline
  init(_ body: Body) { self.body = body }
}
