// LaunchEnvironment: what a launched store's dependencies get from its launch — the clock, the
// sink of its runtime warnings, the ids of its stack elements.

import Composable

/// The parts of a launch its store's dependencies are made with, made before the store.
///
/// A feature's store is made from them at once; a preview's stores are made by its body, which
/// runs with ``prepare`` in force, before the launched store that drives them exists.
struct LaunchEnvironment {
  /// The virtual clock, or `nil` on the live one.
  let clock: TestClock<Duration>?
  /// Where the store's runtime warnings go.
  let warnings = WarningSink()
  /// The ids a link's push and the store's own pushes take.
  let stackElementIDs = StackElementIDGenerator()
  /// Every change to the dependencies, in order: the script's, then the feature's own.
  let prepare: (inout DependencyValues) -> Void

  /// The environment `options` ask for, with `dependencies` (the feature's) applied last.
  init(_ options: LaunchOptions, dependencies: @escaping (inout DependencyValues) -> Void) {
    let clock = options.clock == .virtual ? TestClock<Duration>() : nil
    self.clock = clock
    let ids = stackElementIDs
    let sink = warnings
    self.prepare = {
      $0.stackElementID = ids
      scriptDependencies(&$0, clock: clock, warnings: sink)
      dependencies(&$0)
    }
  }
}
