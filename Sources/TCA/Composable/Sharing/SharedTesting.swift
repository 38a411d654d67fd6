// SharedTesting: how a TestStore asserts shared state — the values it last agreed to, and the
// values each action left behind, read and written in place of the live ones while it checks.

import Foundation
import Synchronization

/// The test store's side of shared state.
///
/// Shared values are references, so every copy of a state reads today's value. A test store
/// therefore records, with the state each action leaves behind, the values of the shared
/// references in it (``SharedValues``). Building the expected state, reads give the values the
/// store last agreed to and `withLock` writes those; comparing, the expected side reads them
/// and the actual side reads what the action left. So a change to shared state that a test does
/// not assert makes the states differ, as TCA's test store makes it (TCA 1.10 and later), and an
/// effect that changes shared state later does not change what an earlier step saw.
package enum SharedTesting {
  /// How reads of shared values behave on this task.
  package enum Mode: Sendable {
    /// Live values: the app, and everything outside a test store's checks.
    case live
    /// The values the store last agreed to, which `withLock` changes: the expected state.
    case expected
    /// The values the action being checked left behind: the actual state.
    case actual
    /// `==` compares the left (expected) side with the right (actual) side.
    case comparing
  }

  /// The two sides of one check.
  package final class Sides: @unchecked Sendable {
    var expected: SharedValues
    let actual: SharedValues
    package init(expected: SharedValues, actual: SharedValues) {
      self.expected = expected
      self.actual = actual
    }
  }

  @TaskLocal static var mode: Mode = .live
  @TaskLocal static var sides: Sides?

  private static let watchers = Atomic<Int>(0)

  /// Whether any test store lives; until one does, reads never look at the task's mode.
  static var isWatching: Bool { watchers.load(ordering: .relaxed) > 0 }

  /// Which values a read on this task gives.
  static var currentMode: Mode { isWatching ? mode : .live }

  /// Whether `==` on this task compares expected with actual.
  package static var isComparing: Bool { isWatching && mode == .comparing }

  /// Counts a test store in.
  package static func beginWatching() { watchers.add(1, ordering: .relaxed) }

  /// Counts a test store out.
  package static func endWatching() { watchers.subtract(1, ordering: .relaxed) }

  /// Runs `body` with reads in `mode`.
  package static func withMode<R>(_ mode: Mode, _ body: () throws -> R) rethrows -> R {
    try $mode.withValue(mode, operation: body)
  }

  /// Runs `body` checking one step: reads in the expected and actual modes see `sides`.
  package static func withSides<R>(_ sides: Sides, _ body: () throws -> R) rethrows -> R {
    try $sides.withValue(sides, operation: body)
  }
}

/// The values of the shared references inside a state, as they were when it was recorded.
package struct SharedValues: @unchecked Sendable {
  /// Each root box, by identity, with its value then.
  var values: [ObjectIdentifier: (root: SharedRoot, value: Any)] = [:]

  /// No values.
  package init() {}

  /// The live values of every shared reference inside `state`, found by reflection.
  package init(in state: Any) {
    collect(state, depth: 0)
  }

  private mutating func collect(_ value: Any, depth: Int) {
    guard depth < 64 else { return }
    if let shared = value as? any SharedValue {
      let root = shared.sharedRoot
      values[ObjectIdentifier(root)] = (root, root.readAny(mode: .live))
      return
    }
    let mirror = Mirror(reflecting: value)
    for child in mirror.children { collect(child.value, depth: depth + 1) }
  }

  /// Whether any reference holds a different value here than in `other` (one it has no value
  /// for counts as the same).
  package func differs(from other: SharedValues) -> Bool {
    values.contains { id, entry in
      guard let theirs = other.values[id] else { return false }
      return !entry.root.valuesEqual(entry.value, theirs.value)
    }
  }

  /// These values, with `newer`'s where both have one.
  package func updated(with newer: SharedValues) -> SharedValues {
    var result = self
    result.values.merge(newer.values) { _, new in new }
    return result
  }

  /// The value recorded for `root`, if any.
  func value(of root: SharedRoot) -> Any? { values[ObjectIdentifier(root)]?.value }

  mutating func set(_ value: Any, of root: SharedRoot) {
    values[ObjectIdentifier(root)] = (root, value)
  }
}

/// `Shared` and `SharedReader`, as reflection finds them.
protocol SharedValue {
  var sharedRoot: SharedRoot { get }
}
