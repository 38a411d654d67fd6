// ExploreReport: what an exploration walked and found, as JSON and as the text people read.

import Foundation

/// What an exploration walked and found.
///
/// Its JSON form is `{"feature", "seed", "steps", "screens", "transitions", "ended",
/// "restarts": {"used", "limit", "skippedStates"}, "findings": [{"kind", "message", "steps",
/// "repro", "states"}], …}`, keys sorted, so the same seed gives the same bytes but for
/// `timing`.
public struct ExploreReport: Sendable, Codable {
  /// What ended a walk: it ran out of screens to explore, or a limit stopped it first.
  public enum Ending: String, Sendable, Codable {
    /// Every screen within the depth was explored whole.
    case complete
    /// The step budget (`--steps`) ran out.
    case steps
    /// The time limit (`--time-limit`) ran out.
    case time
    /// The walk crashed or hung more often than its restart budget (`--restarts`) allows.
    case restarts
    /// The feature crashed as it launched: there was nothing to walk.
    case launchCrashed = "launch-crashed"
    /// The walk had not ended: this is a checkpoint it wrote as it went, and the process that
    /// wrote it was stopped (killed, or still running).
    case interrupted
    /// A merge's: a shard's report was missing, or a checkpoint of a walk that did not end.
    case shardsMissing = "shards-missing"

    /// The ending as a clause people read: `the step budget ran out`.
    public var sentence: String {
      switch self {
      case .complete: "every screen within the depth was explored"
      case .steps: "the step budget (--steps) ran out"
      case .time: "the time limit (--time-limit) ran out"
      case .restarts: "the walk crashed more often than the restart budget (--restarts) allows"
      case .launchCrashed: "the feature crashed as it launched: there was nothing to walk"
      case .interrupted: "the walk was stopped before it ended (this is its last checkpoint)"
      case .shardsMissing:
        "a shard's report was missing or partial: this merges the shards that were there"
      }
    }
  }

  /// How the walk spent its restarts: each crash or hang ends a walk, and the next one starts
  /// from the launch knowing it.
  public struct Restarts: Sendable, Codable, Equatable {
    /// The walks that crashed or hung and were started again.
    public var used: Int
    /// The most restarts the walk may use.
    public var limit: Int
    /// The screens where the walk did not take a use because it would reach a crash already
    /// found (the same use on a screen of the same shape, numbers and signs masked).
    public var skippedStates: Int

    /// Creates a restart count.
    public init(used: Int = 0, limit: Int = 0, skippedStates: Int = 0) {
      self.used = used
      self.limit = limit
      self.skippedStates = skippedStates
    }
  }

  /// Which controls the walk used.
  public struct Coverage: Sendable, Codable {
    /// How many controls the screens showed: `Title › label`, each once.
    public var seen: Int
    /// The controls used at least once, in the order first seen.
    public var used: [String]
    /// The controls seen and never used (disabled, or beyond the budget or the depth).
    public var unused: [String]

    /// Creates a coverage.
    public init(seen: Int, used: [String], unused: [String]) {
      self.seen = seen
      self.used = used
      self.unused = unused
    }

    /// The coverage of the `controls` seen, in order, of which `isUsed` says which were used.
    init(controls: [String], isUsed: (String) -> Bool) {
      self.init(
        seen: controls.count, used: controls.filter(isUsed),
        unused: controls.filter { !isUsed($0) })
    }
  }

  /// How long a walk took: TLC's states per minute, as steps a second.
  public struct Timing: Sendable, Codable, Equatable {
    /// Seconds of wall time, shrinking included.
    public var seconds: Double
    /// Steps a second over that time.
    public var stepsPerSecond: Double

    /// The timing of `steps` in `elapsed`.
    public init(steps: Int, elapsed: Duration) {
      let (whole, fraction) = elapsed.components
      seconds = Double(whole) + Double(fraction) / 1e18
      stepsPerSecond = seconds > 0 ? Double(steps) / seconds : 0
    }

    /// A timing of `seconds`.
    public init(seconds: Double, stepsPerSecond: Double) {
      self.seconds = seconds
      self.stepsPerSecond = stepsPerSecond
    }
  }

  /// The explored feature.
  public var feature: String
  /// The seed that orders the walk.
  public var seed: UInt64
  /// `bfs`, `dfs` or `random`.
  public var strategy: String
  /// How many uses of a screen the walk made.
  public var steps: Int
  /// How many distinct screens (state and shape) it found.
  public var screens: Int
  /// How many distinct places (screens by kind and title from the root) those are at.
  public var places: Int
  /// How many uses it tried that led somewhere.
  public var transitions: Int
  /// The depth the walk was bounded by.
  public var depth: Int
  /// Whether every screen within the depth was explored whole (else the budget ran out).
  public var complete: Bool
  /// What it found, by kind.
  public var findings: [ExploreFinding]
  /// The controls used and not.
  public var controls: Coverage
  /// The screen graph in Graphviz's language (written to `graph.dot`, not to the JSON).
  public var graph: String
  /// The shortest steps the walk found from the launch to each place of its graph, by the
  /// place's node in `graph` (`p3`): what a click on a screen of the graph replays.
  public var routes: [PlaceRoute] = []
  /// What ended the walk.
  public var ended: Ending
  /// The restarts the walk used, and the screens it stepped around a known crash on.
  public var restarts: Restarts
  /// How many screens within the depth were still to explore when the walk ended: 0 when it
  /// is complete.
  public var frontier = 0
  /// The options that decide what was walked, for a merge to compare.
  public var walk: Walk?
  /// Which shard this walk was, when it was one.
  public var shard: ShardPart?
  /// The program that walked: its GNU build ID, so that a merge refuses shards of two builds.
  public var build: String?
  /// How long the walk took.
  ///
  /// The one part of a report that a walk with the same seed does not repeat.
  public var timing: Timing?
  /// The shards a merged report was merged from.
  public var merged: Merged?

  private enum CodingKeys: String, CodingKey {
    case feature, seed, strategy, steps, screens, places, transitions, depth, complete, findings
    case controls, ended, restarts, routes, frontier, walk, shard, build, timing, merged
  }

  /// Creates a report.
  public init(
    feature: String, seed: UInt64, strategy: String, steps: Int, screens: Int, places: Int,
    transitions: Int, depth: Int, complete: Bool, findings: [ExploreFinding],
    controls: Coverage, graph: String, ended: Ending? = nil, restarts: Restarts = Restarts()
  ) {
    self.feature = feature
    self.seed = seed
    self.strategy = strategy
    self.steps = steps
    self.screens = screens
    self.places = places
    self.transitions = transitions
    self.depth = depth
    self.complete = complete
    self.findings = findings
    self.controls = controls
    self.graph = graph
    self.ended = ended ?? (complete ? .complete : .steps)
    self.restarts = restarts
  }

  /// Reads a report; its graph is empty.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    feature = try container.decode(String.self, forKey: .feature)
    seed = try container.decode(UInt64.self, forKey: .seed)
    strategy = try container.decode(String.self, forKey: .strategy)
    steps = try container.decode(Int.self, forKey: .steps)
    screens = try container.decode(Int.self, forKey: .screens)
    places = try container.decode(Int.self, forKey: .places)
    transitions = try container.decode(Int.self, forKey: .transitions)
    depth = try container.decode(Int.self, forKey: .depth)
    complete = try container.decode(Bool.self, forKey: .complete)
    findings = try container.decode([ExploreFinding].self, forKey: .findings)
    controls = try container.decode(Coverage.self, forKey: .controls)
    ended = try container.decode(Ending.self, forKey: .ended)
    restarts = try container.decode(Restarts.self, forKey: .restarts)
    routes = try container.decodeIfPresent([PlaceRoute].self, forKey: .routes) ?? []
    frontier = try container.decodeIfPresent(Int.self, forKey: .frontier) ?? 0
    walk = try container.decodeIfPresent(Walk.self, forKey: .walk)
    shard = try container.decodeIfPresent(ShardPart.self, forKey: .shard)
    build = try container.decodeIfPresent(String.self, forKey: .build)
    timing = try container.decodeIfPresent(Timing.self, forKey: .timing)
    merged = try container.decodeIfPresent(Merged.self, forKey: .merged)
    graph = ""
  }

  /// The report as JSON text, keys sorted.
  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The report as people read it: the walk, the coverage, then each finding with its steps.
  public func text(replay: String) -> String {
    var lines = [
      "explore \(feature): seed \(seed), \(strategy), depth \(depth)",
      "replay: \(replay)",
      "walked \(steps) step\(steps == 1 ? "" : "s"): \(screens) screen\(screens == 1 ? "" : "s") "
        + "at \(places) place\(places == 1 ? "" : "s"), \(transitions) transition"
        + (transitions == 1 ? "" : "s"),
      "ended: " + ended.sentence
        + (ended == .complete ? " (depth \(depth))" : "; what was found so far is reported"),
      "restarts: \(restarts.used) of \(restarts.limit) used; "
        + "\(restarts.skippedStates) screen\(restarts.skippedStates == 1 ? "" : "s") stepped "
        + "around a known crash",
      "controls: \(controls.used.count) of \(controls.seen) seen were used",
    ]
    if let timing {
      lines.insert(
        "time: " + String(format: "%.1f s, %.0f steps/s", timing.seconds, timing.stepsPerSecond)
          + "; \(frontier) screen\(frontier == 1 ? "" : "s") left to explore"
          + (merged?.missing.isEmpty == false ? ", and what the missing shards had" : ""), at: 3)
    }
    if let shard {
      lines.insert(
        "shard \(shard.index)/\(shard.count): "
          + (shard.splitDepth.map { depth in
            "the \(shard.frontier) screens at depth \(depth) were dealt; \(shard.owned) were "
              + "this shard's to explore"
          } ?? "no depth was wide enough to deal, so this shard walked every screen"), at: 1)
    }
    if let merged {
      let parts = merged.shards.map { part in
        "\(part.index) (\(part.steps) steps, \(part.screens) screens, \(part.ended.rawValue))"
      }
      lines.insert(
        "merged \(merged.shards.count) of \(merged.count) shards: "
          + parts.joined(separator: ", "), at: 1)
      for index in merged.missing {
        lines.insert("  missing: shard \(index)/\(merged.count)", at: 2)
      }
      for warning in merged.warnings { lines.insert("  warning: \(warning)", at: 2) }
    }
    for control in controls.used { lines.append("  used: \(control)") }
    for control in controls.unused { lines.append("  never used: \(control)") }
    if findings.isEmpty {
      lines.append("findings: none")
    } else {
      lines.append("findings: \(findings.count)")
      for (number, finding) in findings.enumerated() {
        let message = finding.message.split(separator: "\n", omittingEmptySubsequences: false)
          .joined(separator: "\n     ")
        lines.append("  \(number + 1). \(finding.kind.rawValue): \(message)")
        if let states = finding.states {
          lines.append("     reached from \(states) screen\(states == 1 ? "" : "s")")
        }
        lines.append(
          "     steps: "
            + (finding.steps.isEmpty ? "(none: at launch)" : finding.steps.joined(separator: ", ")))
        if let repro = finding.repro { lines.append("     repro: \(repro)") }
      }
    }
    return lines.joined(separator: "\n")
  }
}
