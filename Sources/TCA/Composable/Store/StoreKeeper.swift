// StoreKeeper: the root stores made while code runs again (a preview's body at every render) are
// the ones it made the first time.

import Foundation

/// Keeps the root stores made while it is current, so that code run again makes the same ones.
///
/// A preview's body (`#Preview { CounterView(store: Store(initialState: …) { Counter() }) }`)
/// runs again at every render, as headless views are built eagerly; under a keeper, the first
/// run's root stores are made for real, and every later run's `Store(initialState:reducer:)`,
/// in the same order, gets the same root: its state, effects and history go on, and the
/// `initialState` and `reducer` closures are not called again. A store of other types at a
/// place, as when the code took another branch, replaces the one kept there.
///
/// Not for apps: a host of previews (HeadlessUI) sets one around each render.
package final class StoreKeeper: @unchecked Sendable {
  /// One run of the code under a keeper: the place of the next store it makes.
  ///
  /// Each run has its own, so two threads rendering the same preview at once (a daemon's
  /// readers) count their own places; only the kept stores are shared. `@unchecked Sendable`:
  /// a run is used by the thread that runs the code only.
  package final class Run: @unchecked Sendable {
    let keeper: StoreKeeper
    var next = 0

    init(_ keeper: StoreKeeper) { self.keeper = keeper }
  }

  /// The run on this task or thread, if any.
  @TaskLocal package static var current: Run?

  /// The stores made for real, in the order they were made: a plain store of each root, which
  /// sends straight to it.
  package var stores: [AnyObject] {
    lock.withLock { kept.sorted { $0.key < $1.key }.map(\.value) }
  }
  /// The stores by place, under `lock`.
  private var kept: [Int: AnyObject] = [:]
  /// Recursive: making a store may make another (a state whose initializer makes one).
  private let lock = NSRecursiveLock()
  /// What the stores views hold send through: given the store's place and the action, it sends
  /// and returns the task, or returns `nil` to have the store send as usual.
  private let intercept: @Sendable (_ place: Int, _ action: Any) -> StoreTask?

  /// A keeper whose stores send through `intercept`.
  package init(
    intercept: @escaping @Sendable (_ place: Int, _ action: Any) -> StoreTask? = { _, _ in nil }
  ) {
    self.intercept = intercept
  }

  /// Runs `body` with this keeper current, its stores made again from the first place.
  package func run<T>(_ body: () throws -> T) rethrows -> T {
    try Self.$current.withValue(Run(self)) { try body() }
  }

  /// How many changes the kept stores have made, together.
  package var version: UInt64 {
    // Read at every render of a preview: a sum needs no order, so the stores are not sorted.
    lock.withLock { kept.values.reduce(0) { $0 &+ (($1 as? any VersionReporting)?.version ?? 0) } }
  }

  /// The root for the next place of `run`: the one kept there, or `make()`'s, kept from now on.
  func root<State, Action>(
    in run: Run, _ make: () -> StoreRoot<State, Action>
  ) -> (root: StoreRoot<State, Action>, place: Int, intercept: @Sendable (Int, Any) -> StoreTask?) {
    let place = run.next
    run.next += 1
    return lock.withLock {
      if let store = kept[place] as? Store<State, Action>,
        let root = store.keptRoot as? StoreRoot<State, Action>
      {
        return (root, place, intercept)
      }
      let root = make()
      kept[place] = Store(root: root)
      return (root, place, intercept)
    }
  }
}

/// A store whose version a keeper can read without knowing its types.
protocol VersionReporting: AnyObject {
  var version: UInt64 { get }
}

extension Store: VersionReporting {}
