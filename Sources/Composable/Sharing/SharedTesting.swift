// SharedTesting: how a TestStore asserts shared state — snapshots of the values it last agreed
// to, read and written while it builds the expected state, compared against the live values.

import Foundation
import Synchronization

/// The test store's side of shared state.
///
/// While any test store lives, a box records the value it had before its first change since the
/// store last checked (its snapshot). Building the expected state, the store reads snapshots and
/// its `withLock`s write them; comparing, the expected side reads snapshots and the actual side
/// live values. So a change to shared state that a test does not assert makes the states
/// differ, as TCA's test store makes it (TCA 1.10 and later).
package enum SharedTesting {
  /// How reads of shared values behave on this task.
  package enum Mode: Sendable {
    /// Live values: the app, and everything outside a test store's checks.
    case live
    /// Snapshots where taken: building and dumping a test's expected state.
    case expected
    /// `==` compares the left side's snapshot to the right side's live value.
    case comparing
  }

  @TaskLocal static var mode: Mode = .live

  private static let watchers = Atomic<Int>(0)

  /// Whether any test store lives, so boxes record snapshots.
  static var isWatching: Bool { watchers.load(ordering: .relaxed) > 0 }

  /// Whether reads on this task are of snapshots.
  static var readsExpected: Bool { isWatching && mode != .live }

  /// Whether `==` on this task compares expected with actual.
  package static var isComparing: Bool { isWatching && mode == .comparing }

  /// Counts a test store in: boxes record snapshots from now on.
  package static func beginWatching() { watchers.add(1, ordering: .relaxed) }

  /// Counts a test store out.
  package static func endWatching() { watchers.subtract(1, ordering: .relaxed) }

  /// Runs `body` with reads in `mode`.
  package static func withMode<R>(_ mode: Mode, _ body: () throws -> R) rethrows -> R {
    try $mode.withValue(mode, operation: body)
  }

  /// The roots of every shared value inside `value`, found by reflection.
  package static func roots(in value: Any) -> [ObjectIdentifier: AnySharedRoot] {
    var found: [ObjectIdentifier: AnySharedRoot] = [:]
    collect(value, into: &found, depth: 0)
    return found
  }

  private static func collect(
    _ value: Any, into found: inout [ObjectIdentifier: AnySharedRoot], depth: Int
  ) {
    guard depth < 64 else { return }
    if let shared = value as? any SharedValue {
      let root = shared.sharedRoot
      found[ObjectIdentifier(root)] = AnySharedRoot(root: root)
      return
    }
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty { return }
    for child in mirror.children { collect(child.value, into: &found, depth: depth + 1) }
  }
}

/// A root box as a test store holds it.
package struct AnySharedRoot {
  let root: SharedRoot
  /// Whether the value changed since the store last agreed.
  package var hasSnapshot: Bool { root.hasSnapshot }
  /// The store agrees with the value as it is.
  package func accept() { root.acceptSnapshot() }
}

/// `Shared` and `SharedReader`, as reflection finds them.
protocol SharedValue {
  var sharedRoot: SharedRoot { get }
}
