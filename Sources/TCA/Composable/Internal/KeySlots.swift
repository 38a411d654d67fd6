// KeySlots: lock-free slots for nonzero keys, the index behind navd's process-wide caches.

import Synchronization

/// A fixed number of slots for nonzero keys, each claimed once, without a lock, and never freed.
///
/// The index behind navd's process-wide caches (``ThunkTable``, ``BodyCache``): a key finds its
/// slot with a hash and a short linear probe, and the cache keeps what it learned about the key
/// in its own arrays at that slot.
@usableFromInline
struct KeySlots: @unchecked Sendable {
  /// How many slots there are: a power of two.
  @usableFromInline let capacity: Int
  @usableFromInline let keys: UnsafeMutablePointer<Atomic<UInt>>

  /// Makes `capacity` empty slots (a power of two); they live as long as the process.
  init(capacity: Int) {
    precondition(capacity > 0 && capacity & (capacity - 1) == 0, "a power of two")
    self.capacity = capacity
    keys = .allocate(capacity: capacity)
    for index in 0..<capacity { (keys + index).initialize(to: Atomic(0)) }
  }

  /// The slot of `key` (nonzero), claimed the first time; `nil` when the slots near its hash are
  /// all taken by other keys.
  @usableFromInline
  func slot(for key: UInt) -> Int? {
    var index = Int(truncatingIfNeeded: (key >> 4) &* 0x9E37_79B9_7F4A_7C15) & (capacity - 1)
    for _ in 0..<32 {
      let found = keys[index].load(ordering: .acquiring)
      if found == key { return index }
      if found == 0 {
        let (claimed, original) = keys[index].compareExchange(
          expected: 0, desired: key, ordering: .acquiringAndReleasing)
        if claimed || original == key { return index }
      }
      index = (index + 1) & (capacity - 1)
    }
    return nil
  }
}
