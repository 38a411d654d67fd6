// RegistrarStorage: the Observation registrar a value's copies share, created when first tracked.

import Observation
import Synchronization

/// The box that copies of an `@ObservableState` value share: it holds their
/// `ObservationRegistrar` once a tracking scope has read one of them, and nothing before.
///
/// The registrar is published with one compare-and-swap of a word, and read with one load that
/// inlines into the caller (`AtomicLazyReference`'s `load` is generic code the caller calls).
@usableFromInline
final class RegistrarStorage: @unchecked Sendable {
  /// The retained `ObservedRegistrar`, as the bits of its address, or `0` while there is none.
  @usableFromInline let observed = Atomic<UInt>(0)

  init() {}

  deinit {
    let bits = observed.load(ordering: .acquiring)
    if let pointer = UnsafeRawPointer(bitPattern: bits) {
      Unmanaged<ObservedRegistrar>.fromOpaque(pointer).release()
    }
  }

  /// Whether a tracking scope has read the value, so that something may observe it.
  @inlinable
  var isObserved: Bool { observed.load(ordering: .acquiring) != 0 }

  /// Tells the registrar's observers that `keyPath` of `subject` is about to change; called
  /// only once ``isObserved``, and kept out of line, so that an unobserved change handles no
  /// `ObservationRegistrar` (a resilient type, sized at run time).
  @usableFromInline
  func willSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrarForTracking().willSet(subject, keyPath: keyPath)
  }

  /// Tells the registrar's observers that `keyPath` of `subject` changed.
  @usableFromInline
  func didSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrarForTracking().didSet(subject, keyPath: keyPath)
  }

  /// Tells the registrar's observers that `keyPath` of the value at `subject` is about to
  /// change: the value is read out of line, so that the caller does not copy it.
  @usableFromInline @inline(never)
  func willSet<Subject: Observable, Member>(
    at subject: UnsafePointer<Subject>, keyPath: KeyPath<Subject, Member>
  ) {
    registrarForTracking().willSet(subject.pointee, keyPath: keyPath)
  }

  /// Tells the registrar's observers that `keyPath` of the value at `subject` changed.
  @usableFromInline @inline(never)
  func didSet<Subject: Observable, Member>(
    at subject: UnsafePointer<Subject>, keyPath: KeyPath<Subject, Member>
  ) {
    registrarForTracking().didSet(subject.pointee, keyPath: keyPath)
  }

  /// Makes a change inside the registrar's `willSet` and `didSet`.
  @usableFromInline
  func withMutation<Subject: Observable, Member, Result>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
  ) rethrows -> Result {
    try registrarForTracking().withMutation(of: subject, keyPath: keyPath, mutation)
  }

  /// The registrar, created by the first tracked access.
  func registrarForTracking() -> ObservationRegistrar {
    let bits = observed.load(ordering: .acquiring)
    if bits != 0 { return registrar(at: bits) }
    let created = Unmanaged.passRetained(ObservedRegistrar())
    let createdBits = UInt(bitPattern: created.toOpaque())
    let (exchanged, winner) = observed.compareExchange(
      expected: 0, desired: createdBits, ordering: .acquiringAndReleasing)
    if exchanged { return registrar(at: createdBits) }
    created.release()
    return registrar(at: winner)
  }

  /// The registrar of the `ObservedRegistrar` whose address has the bits `bits`.
  private func registrar(at bits: UInt) -> ObservationRegistrar {
    Unmanaged<ObservedRegistrar>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
      .takeUnretainedValue().registrar
  }
}

/// An `ObservationRegistrar` in a class, so that one can be published atomically.
final class ObservedRegistrar: Sendable {
  let registrar = ObservationRegistrar()
}
