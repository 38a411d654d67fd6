// How `navctl test` was asked to run.

import NavHosting

/// The options of a scenario run: what to run, how to report it, how to split it.
public struct ScenarioOptions: Sendable {
  /// The report formats.
  public enum Output: String, Sendable, CaseIterable {
    /// One line per scenario as it finishes, then the failures and a summary.
    case text
    /// Test Anything Protocol (version 13): a plan line, then `ok` / `not ok` lines.
    case tap
    /// JUnit XML, as CI servers read it.
    case junit
    /// One JSON document with every result.
    case json
  }

  /// Files and directories to run; directories contribute their `*_spec.lua` files, recursively.
  public var paths: [String] = ["scenarios"]
  /// A Lua pattern (or plain text) the full name must match.
  public var filter: String?
  /// Run only scenarios whose names carry one of these `#tags`.
  public var tags: [String] = []
  /// Skip scenarios whose names carry one of these `#tags`.
  public var excludeTags: [String] = []
  /// The report format on standard output.
  public var output: Output = .text
  /// Also write a JUnit XML report to this file.
  public var junitFile: String?
  /// How many scenario files run at once, each on its own thread and Lua state.
  public var jobs: Int = 1
  /// Run only shard `index` (1-based) of `count`: every `count`-th scenario, or the scenarios
  /// ``timings`` assign to it.
  public var shard: (index: Int, count: Int)?
  /// When set, shards balance the times an earlier run's JUnit report recorded instead of taking
  /// every `count`-th scenario.
  public var timings: ScenarioTimings?
  /// Run the selection this many times over; a scenario that both passes and fails across the
  /// runs is reported as flaky.
  public var repeatCount = 1
  /// Run the files, and the scenarios within each file, in a random order.
  public var shuffle = false
  /// The seed of the shuffle; `nil` draws one, which the report prints for replay.
  public var seed: UInt64?
  /// Stop starting scenarios after the first failure.
  public var failFast = false
  /// List the selected scenarios instead of running them.
  public var list = false
  /// Show progress on standard error while running (when it is a terminal).
  public var progress = true
  /// Stop a scenario's Lua code after about this many VM instructions (`nil`: no limit).
  public var instructionBudget: Int?

  /// The defaults: every `*_spec.lua` under `scenarios/`, text output, one job.
  public init() {}
}
