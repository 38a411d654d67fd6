// ExploreMergeSummary: what a merged report was merged from — each shard's figures, and the
// shards missing or partial.

extension ExploreReport {
  /// What a merged report was merged from.
  public struct Merged: Sendable, Codable, Equatable {
    /// One shard's figures.
    public struct Part: Sendable, Codable, Equatable {
      /// The shard, from 1.
      public var index: Int
      /// Its steps.
      public var steps: Int
      /// The distinct screens it found.
      public var screens: Int
      /// What ended its walk.
      public var ended: Ending
      /// Its wall time.
      public var seconds: Double?

      /// Creates a shard's line.
      public init(index: Int, steps: Int, screens: Int, ended: Ending, seconds: Double?) {
        self.index = index
        self.steps = steps
        self.screens = screens
        self.ended = ended
        self.seconds = seconds
      }
    }

    /// How many shards the walk was split into.
    public var count: Int
    /// The shards merged, by index.
    public var shards: [Part]
    /// The shards with no report, by index.
    public var missing: [Int]
    /// The shards whose report is a checkpoint of a walk that did not end, by index.
    public var partial: [Int]
    /// What a reader should know of the merge (shards that dealt different frontiers).
    public var warnings: [String]

    /// Creates a merge's summary.
    public init(count: Int, shards: [Part], missing: [Int], partial: [Int], warnings: [String]) {
      self.count = count
      self.shards = shards
      self.missing = missing
      self.partial = partial
      self.warnings = warnings
    }
  }
}
