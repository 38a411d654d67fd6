// ExploreWalk: the options that decide what a walk walks, as a report keeps them — what a merge
// compares before it joins two shards' reports.

extension ExploreReport {
  /// The options that decide what a walk walks: two shards' reports merge only when these are
  /// the same.
  public struct Walk: Sendable, Codable, Equatable {
    /// `--seed`.
    public var seed: UInt64
    /// `--strategy`.
    public var strategy: String
    /// `--steps`.
    public var steps: Int
    /// `--depth`.
    public var depth: Int
    /// Virtual seconds moved after each step.
    public var timeStep: Double
    /// The texts typed into each field.
    public var texts: [String]
    /// `--invariants`.
    public var invariants: String?
    /// `--restarts`.
    public var restarts: Int

    /// The walk of `options` (its time limit aside: it ends a walk, it does not change it).
    public init(options: ExploreOptions) {
      seed = options.seed
      strategy = options.strategy.rawValue
      steps = options.steps
      depth = options.depth
      let (seconds, attoseconds) = options.timeStep.components
      timeStep = Double(seconds) + Double(attoseconds) / 1e18
      texts = options.texts
      invariants = options.invariantsFile
      restarts = options.restartLimit
    }

    /// The options again, as far as they are kept.
    public var options: ExploreOptions {
      var options = ExploreOptions()
      options.seed = seed
      options.strategy = ExploreOptions.Strategy(rawValue: strategy) ?? .bfs
      options.steps = steps
      options.depth = depth
      options.timeStep = .nanoseconds(Int64((timeStep * 1e9).rounded()))
      options.texts = texts
      options.invariantsFile = invariants
      options.restartLimit = restarts
      return options
    }

    /// The first option that differs from `other`'s, as `--depth 5` against `--depth 6`.
    public func difference(from other: Walk) -> (String, String)? {
      let pairs: [(String, String, String)] = [
        ("--seed", "\(seed)", "\(other.seed)"),
        ("--strategy", strategy, other.strategy),
        ("--steps", "\(steps)", "\(other.steps)"),
        ("--depth", "\(depth)", "\(other.depth)"),
        ("--time-step", "\(timeStep)", "\(other.timeStep)"),
        ("the typed texts", "\(texts)", "\(other.texts)"),
        ("--invariants", invariants ?? "(none)", other.invariants ?? "(none)"),
        ("--restarts", "\(restarts)", "\(other.restarts)"),
      ]
      guard let (name, mine, theirs) = pairs.first(where: { $0.1 != $0.2 }) else { return nil }
      return ("\(name) \(mine)", "\(name) \(theirs)")
    }
  }
}
