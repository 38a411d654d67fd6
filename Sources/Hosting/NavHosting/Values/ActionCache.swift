// ActionCache: the actions a feature's paths were built into, shared by every store of it.

import Foundation

/// The actions that payload-less paths such as `"incrementButtonTapped"` were built into, kept
/// per feature, so that a store launched after another builds none of them again.
///
/// An action is a value, the same whichever store it is sent to. Paths that count from the end
/// of a stack (`-1`) or name a position (`@1`) depend on a store's state and are never kept.
final class ActionCache<Action>: @unchecked Sendable {
  /// The most paths kept: a script that sends ever new paths does not grow the cache.
  static var limit: Int { 1024 }

  private let lock = NSLock()
  private var actions: [String: Action] = [:]

  /// The action `path` was built into, if it was.
  func action(for path: String) -> Action? {
    lock.withLock { actions[path] }
  }

  /// Keeps `action` as what `path` builds into, while there is room.
  func keep(_ action: Action, for path: String) {
    lock.withLock { if actions.count < Self.limit { actions[path] = action } }
  }
}
