// ExploreOptions: how far, in what order and on what clock the explorer walks.

/// What an exploration does: its budget, its order, its clock and its checks.
public struct ExploreOptions: Sendable {
  /// The order in which the explorer tries what each screen offers.
  public enum Strategy: String, Sendable, CaseIterable {
    /// Breadth first: every screen one step from the launch before any two steps away.
    case bfs
    /// Depth first: on from the newest screen while it offers something untried.
    case dfs
    /// At random, from the seed: an untried use of the current screen, else of a random screen.
    case random
  }

  /// The most uses of a screen the walk makes, replays to reach a screen included.
  public var steps = 2_000
  /// The most steps from the launch a screen is explored at: screens this far are seen, not
  /// used.
  public var depth = 8
  /// Orders each screen's uses: the same seed gives the same walk.
  public var seed: UInt64 = 0
  /// The order of the walk.
  public var strategy = Strategy.bfs
  /// How far virtual time moves after each step.
  public var timeStep: Duration = .seconds(1)
  /// How far virtual time may move at the end of a run, so that pending timers fire.
  public var settleHorizon: Duration = .seconds(600)
  /// The texts typed into each field.
  public var texts = ["Blob", ""]
  /// A Lua file of `navd.invariant(name, predicate)` declarations, checked after every step.
  public var invariantsFile: String?
  /// How long the walk may take, from its start.
  ///
  /// `nil` is no limit. When it runs out the walk stops and reports what it found so far.
  public var timeLimit: Duration?
  /// The most walks that may crash or hang and be started again (the explore command's
  /// supervisor spends them; the report says how many were used).
  public var restartLimit = 20
  /// Which of N shards this walk is (``ExploreShard``); `nil` walks the whole graph.
  public var shard: ExploreShard?
  /// Whether a step that led to a known screen is confirmed there by the state's `==`.
  ///
  /// On, the state's `==` with the screen's snapshots and the screen's shape confirm it before
  /// the state is encoded and looked up (`Explorer`); off, every step is looked up. The walk is
  /// the same either way: the tests compare the two.
  var confirmsKnownScreens = true

  /// Creates the default options: 2,000 steps, depth 8, breadth first, seed 0, 1 s steps.
  public init() {}
}
