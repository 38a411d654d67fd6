// ExploreReplay: whether some steps, taken from a fresh launch, still show a finding — what
// the shrinker asks of every candidate, and what a repro spec's `check()` asks of its steps.

import NavValue

/// Replays steps from a fresh launch of a feature and says whether a finding shows.
///
/// The explorer's shrinker and the repro specs it writes ask the same question through this
/// one type, so a repro fails exactly when the shrinker kept its steps.
package struct ExploreReplay {
  let feature: ScriptFeature
  let options: ExploreOptions
  let invariants: (any ExploreInvariants)?
  /// Whether a step on a run's screen would reach a crash already known: such a step ends the
  /// replay as one the screen does not offer (a shrinking candidate must not trap the walk).
  var avoids: ((ExploreRun, ExploreStep) -> Bool)? = nil
  /// Hears of every launch before it happens, with the steps it is to take: a replay that traps
  /// traps the walk's process, whose parent must know its steps.
  var willLaunch: (([ExploreStep]) -> Void)? = nil

  /// A replay of `feature`'s walks with `options`, checking `invariants` after every step.
  package init(
    feature: ScriptFeature, options: ExploreOptions, invariants: (any ExploreInvariants)?
  ) {
    self.feature = feature
    self.options = options
    self.invariants = invariants
  }

  /// The observation of `kind` that matches `match` (numbers masked) when `steps` are taken
  /// from a fresh launch, or `nil` when none shows or a step is not offered on the way.
  ///
  /// A crash is not looked for here: replaying one traps this process (the explore command
  /// replays crashes in a child process).
  package func reproduce(_ steps: [ExploreStep], kind: ExploreFinding.Kind, match: String)
    throws(NavError)
    -> ExploreObservation?
  {
    let wanted = ExploreFinding.masked(match)
    func found(_ observed: [ExploreObservation]) -> ExploreObservation? {
      observed.first { $0.kind == kind && ExploreFinding.masked($0.match) == wanted }
    }
    guard let launched = try launch(steps) else { return nil }
    if kind == .deadEnd { return try deadEnd(after: steps, run: launched.run, place: match) }
    if let observation = found(launched.observed) { return observation }
    return found(try launched.run.flush())
  }

  /// A fresh run with `steps` taken, and what its checks saw; `nil` when a step is not offered.
  func launch(_ steps: [ExploreStep]) throws(NavError)
    -> (run: ExploreRun, observed: [ExploreObservation])?
  {
    willLaunch?(steps)
    var observed: [ExploreObservation] = []
    let run = try ExploreRun(
      feature: feature, options: options, invariants: invariants, observed: &observed)
    for step in steps {
      if let avoids, avoids(run, step) { return nil }
      do {
        observed += try run.take(step)
      } catch {
        switch error {
        case .notOffered: return nil
        case .failed(let error): throw error
        }
      }
    }
    return (run, observed)
  }

  /// The dead end at `place` when `run` (which took `steps`) is there: no system back, and no
  /// use of the screen that leads to another place.
  private func deadEnd(after steps: [ExploreStep], run: ExploreRun, place: String)
    throws(NavError) -> ExploreObservation?
  {
    guard run.place == place, !run.isAtLaunchPlace, !run.hasBack else { return nil }
    let uses = run.uses
    for use in uses {
      guard let next = try launch(steps + [use]) else { continue }
      if next.run.place != place { return nil }
    }
    return ExploreObservation(
      kind: .deadEnd, message: Self.deadEndMessage(place: place, uses: uses.count), match: place)
  }

  /// What a dead end's finding says.
  static func deadEndMessage(place: String, uses: Int) -> String {
    let tried = uses == 0 ? "it offers nothing to use" : "none of its \(uses) uses leaves it"
    return "no way back from \(place): no system back, and \(tried)"
  }
}
