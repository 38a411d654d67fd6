// ExploreShard: one of N machines' part of a walk — the frontier dealt at a depth, each shard
// walking the subtrees under its own screens.

/// Which of N shards a walk is: the shards together walk the graph one unsharded walk of the same
/// depth and seed walks, each a part of it.
///
/// Every shard walks the same prefix breadth first: the screens nearer the launch than the
/// *split depth*, all of them. The walk is deterministic for a seed, so every shard finds the
/// same screens there. The split depth is the first depth that holds at least
/// ``frontierPerShard`` screens per shard (or the last depth that is explored, when none does).
/// Its screens, the frontier, are sorted by place and then by digest (a hash of state and shape
/// that every process computes alike), not by the order they were found in, and dealt
/// round-robin: shard K takes the K-th, the (K+N)-th, and so on. Past the split depth a shard
/// explores only what it finds under its own screens. A screen two subtrees both reach is explored by both (the merge
/// keeps it once); a screen it reaches in another's subtree is seen, not explored.
///
/// Why not deal single screens by a hash: a shard that skipped the screens it does not own
/// would never find what lies behind them, and the screens it does own behind them would be
/// walked by nobody. Subtrees keep each shard's walk whole below its frontier.
public struct ExploreShard: Sendable, Codable, Equatable, CustomStringConvertible {
  /// The shard, counted from 1.
  public var index: Int
  /// How many shards there are.
  public var count: Int

  /// How many screens per shard a depth must hold for the walk to split there.
  ///
  /// Subtrees differ in size, and the subtrees of neighbouring screens overlap (Screen A leads
  /// to B and B to A): two shards that own neighbours both explore much of the same region.
  /// The deeper the split, the smaller and more separate the subtrees, but every shard walks
  /// the prefix above it. On the root app to depth 6 the most steps any one shard took, against
  /// the unsharded walk's 22,680, were (docs/explore.md): with 4 screens per shard (depth 2, 14
  /// screens) 0.56× for 2 shards and 0.60× for 3; with 8 (depth 3, 35 screens) 0.57× and 0.36×;
  /// with 32 (depth 4, 101 screens) 0.54× and 0.38×; with 64 (depth 5, 372 screens) 0.60× and
  /// 0.47×.
  public static let frontierPerShard = 32

  /// Shard `index` (from 1) of `count`.
  public init(index: Int, count: Int) {
    precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count)")
    self.index = index
    self.count = count
  }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }

  /// Why a walk of `strategy` cannot be split: what the command line and the explorer say.
  public static func breadthFirstOnly(_ strategy: ExploreOptions.Strategy) -> String {
    "a sharded walk is breadth first (--strategy bfs): the shards split its frontier at one "
      + "depth, which only a breadth-first walk holds whole; for \(strategy.rawValue), give "
      + "each machine its own --seed instead"
  }

  /// Which of the frontier's screens, given by digest and place, this shard explores: sorted
  /// by place, then digest, the K-th, the (K+N)-th, and so on.
  ///
  /// Sorting by place first deals each place's screens round-robin, so every shard gets a like
  /// share of each kind of screen (a stack's deep screens, a counter's, a sheet's), whose
  /// subtrees are alike in size.
  func owns(frontier digests: [String], places: [String]) -> Set<String> {
    var owned: Set<String> = []
    let sorted = zip(places, digests).sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    for (position, (_, digest)) in sorted.enumerated() where position % count == index - 1 {
      owned.insert(digest)
    }
    return owned
  }

  /// Whether this shard explores a screen found at the split depth only after the split (a
  /// feature whose screens differ between launches): by its digest's last digits, modulo N.
  func ownsLate(digest: String) -> Bool {
    (Int(digest.suffix(8), radix: 16) ?? 0) % count == index - 1
  }
}

extension ExploreReport {
  /// Which shard of a sharded walk a report is, and where it dealt the frontier.
  public struct ShardPart: Sendable, Codable, Equatable {
    /// The shard, from 1.
    public var index: Int
    /// How many shards there are.
    public var count: Int
    /// The depth whose screens were dealt; `nil` when the walk never reached a depth wide
    /// enough, and so walked every screen itself.
    public var splitDepth: Int?
    /// How many screens that depth held.
    public var frontier: Int
    /// How many of them were this shard's.
    public var owned: Int
    /// One digest of the screens dealt: shards that dealt the same screens have the same one.
    public var frontierDigest: String?

    /// Creates a shard's part.
    public init(
      index: Int, count: Int, splitDepth: Int?, frontier: Int, owned: Int,
      frontierDigest: String? = nil
    ) {
      self.index = index
      self.count = count
      self.splitDepth = splitDepth
      self.frontier = frontier
      self.owned = owned
      self.frontierDigest = frontierDigest
    }

    /// The part of `shard` in a walk that dealt no frontier (it ended, or crashed, first).
    public init(unsplit shard: ExploreShard) {
      self.init(index: shard.index, count: shard.count, splitDepth: nil, frontier: 0, owned: 0)
    }
  }
}
