// ExploreMerge: one report from the reports of a walk's shards — the union of their graphs,
// each finding once with its shortest steps, the totals, and the shards that are missing.

import NavValue

/// Joins the reports and graphs of a sharded walk (``ExploreShard``) into one.
///
/// ```swift
/// let (report, graph) = try ExploreMerge.merge(parts)
/// ```
///
/// - Screens are joined by their digest, so a screen two shards found is one. Its depth is the
///   least either knew, and each use's edge is the one a shard that tried it saw.
/// - A finding is one by its kind and what it matches, numbers masked (a crash: its message
///   and the use that trapped), as within one walk. The one with the fewest steps is kept.
/// - Shards of different builds, features or options are refused: they did not walk one graph.
/// - A shard with no report is *missing*; one whose report is a checkpoint is *partial*. Both
///   are merged as far as they go and named in ``ExploreReport/merged``.
public enum ExploreMerge {
  /// One shard's report and graph, and where they were read (for messages).
  public struct Part: Sendable {
    /// The shard's report (`report.json`).
    public var report: ExploreReport
    /// The shard's graph (`graph.json`).
    public var graph: ScreenGraphRecord
    /// Where the report was read, as messages name it.
    public var source: String

    /// Creates a part.
    public init(report: ExploreReport, graph: ScreenGraphRecord, source: String) {
      self.report = report
      self.graph = graph
      self.source = source
    }

    /// Which shard it is, from 1: a report of a whole walk is shard 1 of 1.
    var index: Int { report.shard?.index ?? 1 }
  }

  /// The merged report (its `graph` drawn for `dot`) and graph; throws when the parts are not
  /// of one walk.
  public static func merge(_ parts: [Part]) throws(NavError) -> (ExploreReport, ScreenGraphRecord) {
    let parts = try checked(parts)
    let first = parts[0].report
    let count = first.shard?.count ?? 1
    let graph = union(parts.map(\.graph))
    let screens = try screenGraph(graph)
    let picture = GraphPicture(graph: screens)
    let present = Set(parts.map(\.index))
    let missing = (1...count).filter { !present.contains($0) }
    let partial = parts.filter { $0.report.ended == .interrupted }.map(\.index)
    let findings = self.findings(parts, graph: graph)
    let used = Set(parts.flatMap(\.report.controls.used))
    let complete = missing.isEmpty && parts.allSatisfy(\.report.complete)
    let ended: ExploreReport.Ending =
      if !missing.isEmpty || !partial.isEmpty {
        .shardsMissing
      } else {
        parts.first { $0.report.ended != .complete }?.report.ended ?? .complete
      }
    var report = ExploreReport(
      feature: first.feature, seed: first.seed, strategy: first.strategy,
      steps: parts.reduce(0) { $0 + $1.report.steps }, screens: screens.nodes.count,
      places: screens.places, transitions: screens.transitions, depth: first.depth,
      complete: complete, findings: findings,
      controls: ExploreReport.Coverage(controls: screens.controls, isUsed: used.contains),
      graph: picture.dot(feature: first.feature), ended: ended,
      restarts: ExploreReport.Restarts(
        used: parts.reduce(0) { $0 + $1.report.restarts.used }, limit: first.restarts.limit,
        skippedStates: parts.reduce(0) { $0 + $1.report.restarts.skippedStates }))
    report.routes = picture.routes
    report.frontier = parts.reduce(0) { $0 + $1.report.frontier }
    report.walk = first.walk
    report.build = first.build
    let seconds = parts.compactMap { $0.report.timing?.seconds }.max()
    if let seconds {
      // The shards run side by side: the merged walk took as long as its longest shard.
      report.timing = ExploreReport.Timing(
        seconds: seconds, stepsPerSecond: seconds > 0 ? Double(report.steps) / seconds : 0)
    }
    report.merged = ExploreReport.Merged(
      count: count,
      shards: parts.map { part in
        ExploreReport.Merged.Part(
          index: part.index, steps: part.report.steps,
          screens: part.report.screens, ended: part.report.ended,
          seconds: part.report.timing?.seconds)
      },
      missing: missing, partial: partial, warnings: warnings(parts))
    return (report, graph)
  }

  /// The parts in shard order, once each is known to be of the same walk as the first.
  private static func checked(_ parts: [Part]) throws(NavError) -> [Part] {
    guard let first = parts.first else { throw NavError("no report to merge") }
    for part in parts where part.report.walk == nil {
      throw NavError(
        "\(part.source) does not say what options its walk had (a report of an older navd): "
          + "explore again to merge")
    }
    for part in parts.dropFirst() {
      let (one, other) = (first.report, part.report)
      func refuse(_ what: String, _ mine: String, _ theirs: String) -> NavError {
        NavError(
          "\(first.source) and \(part.source) are not shards of one walk: \(what) \(mine) and "
            + "\(theirs); merge the shards of one exploration (one build, one feature, the same "
            + "options)")
      }
      if one.feature != other.feature {
        throw refuse("they explored", "'\(one.feature)'", "'\(other.feature)'")
      }
      if one.build != other.build {
        throw refuse(
          "they were walked by different builds of the program,", one.build ?? "(no build ID)",
          other.build ?? "(no build ID)")
      }
      if let (mine, theirs) = one.walk!.difference(from: other.walk!) {
        throw refuse("they were walked with", mine, theirs)
      }
      if (one.shard?.count ?? 1) != (other.shard?.count ?? 1) {
        throw refuse(
          "they split the walk differently:", "\(one.shard?.count ?? 1) shards",
          "\(other.shard?.count ?? 1)")
      }
    }
    var byIndex: [Int: Part] = [:]
    for part in parts {
      let index = part.index
      if let twice = byIndex[index] {
        let name = part.report.shard.map { "shard \($0.index)/\($0.count)" } ?? "the whole walk"
        throw NavError(
          "\(twice.source) and \(part.source) are both \(name): give each shard's report once")
      }
      byIndex[index] = part
    }
    return byIndex.keys.sorted().map { byIndex[$0]! }
  }

  /// What a reader of the merged report should know: shards that dealt different screens did
  /// not walk the same prefix (a feature whose launch differs from run to run, or a shard that
  /// learned a crash the others did not and stepped around it in the prefix), so together
  /// they may have missed screens.
  private static func warnings(_ parts: [Part]) -> [String] {
    var splits: [String: [Int]] = [:]
    for part in parts where part.report.ended != .interrupted {
      guard let shard = part.report.shard else { continue }
      let split =
        "depth \(shard.splitDepth.map(String.init) ?? "none"), \(shard.frontier) screens"
        + (shard.frontierDigest.map { " (\($0.prefix(8)))" } ?? "")
      splits[split, default: []].append(shard.index)
    }
    guard splits.count > 1 else { return [] }
    let described = splits.keys.sorted().map { split in
      "shard\(splits[split]!.count == 1 ? "" : "s") "
        + splits[split]!.map(String.init).joined(separator: ", ") + ": " + split
    }
    return [
      "the shards dealt different frontiers (\(described.joined(separator: "; "))): they did "
        + "not walk the same screens before the split (a feature that launches differently, or "
        + "a crash one shard stepped around and another did not), so some screens may have "
        + "been walked by no shard"
    ]
  }

  /// The union of `graphs`: each screen once, in the order the shards found them (by shard,
  /// then by depth), with the least depth and every edge any shard saw.
  ///
  /// A use is matched across shards by its key (``ScreenGraphRecord/Screen/keys``): a label
  /// that shows a stack element id (`#3) Screen B`) may show another id in another shard's
  /// walk of the same screen. The uses are written as the shard that explored the screen saw
  /// them.
  static func union(_ graphs: [ScreenGraphRecord]) -> ScreenGraphRecord {
    var order: [String] = []
    var screens: [String: ScreenGraphRecord.Screen] = [:]
    var edges: [String: [String: ScreenGraphRecord.Edge]] = [:]
    for graph in graphs {
      for screen in graph.screens {
        for (use, edge) in zip(screen.keys, screen.edges) {
          guard let edge else { continue }
          if let known = edges[screen.id]?[use], known.weight >= edge.weight { continue }
          edges[screen.id, default: [:]][use] = edge
        }
        guard var known = screens[screen.id] else {
          order.append(screen.id)
          screens[screen.id] = screen
          continue
        }
        if screen.explored, !known.explored {
          (known.uses, known.keys) = (screen.uses, screen.keys)
        }
        if screen.depth < known.depth {
          known.depth = screen.depth
          known.path = screen.path
        }
        known.explored = known.explored || screen.explored
        known.findings = ExploreFinding.Kind.allCases.filter {
          known.findings.contains($0) || screen.findings.contains($0)
        }
        screens[screen.id] = known
      }
    }
    // Stable by depth: the launch first, then as a breadth-first walk would have found them.
    let depthOrder = order.enumerated().sorted {
      (screens[$0.element]!.depth, $0.offset) < (screens[$1.element]!.depth, $1.offset)
    }.map(\.element)
    return ScreenGraphRecord(
      screens: depthOrder.map { id in
        var screen = screens[id]!
        screen.edges = screen.keys.map { edges[id]?[$0] }
        return screen
      })
  }

  /// `record` drawn for `dot`, as a walk of `feature` draws its graph.
  public static func picture(of record: ScreenGraphRecord, feature: String) throws(NavError)
    -> String
  {
    GraphPicture(graph: try screenGraph(record)).dot(feature: feature)
  }

  /// `record` as the ``ScreenGraph`` that ``GraphPicture`` draws: each screen's key is its
  /// digest.
  static func screenGraph(_ record: ScreenGraphRecord) throws(NavError) -> ScreenGraph {
    var graph = ScreenGraph()
    var index: [String: Int] = [:]
    for (position, screen) in record.screens.enumerated() { index[screen.id] = position }
    func steps(_ texts: [String], of screen: String) throws(NavError) -> [ExploreStep] {
      try texts.map { text throws(NavError) in
        guard let step = ExploreStep(parsing: text) else {
          throw NavError("screen \(screen) of the graph has a step that is not one: \(text)")
        }
        return step
      }
    }
    for screen in record.screens {
      var node = ScreenGraph.Node(
        key: ExploreNodeKey(state: .string(screen.id), shape: []), place: screen.place,
        title: screen.title, depth: screen.depth, path: try steps(screen.path, of: screen.id),
        uses: try steps(screen.uses, of: screen.id), hasBack: screen.hasBack,
        isLaunchPlace: screen.launch, controls: screen.controls)
      node.findings = Set(screen.findings)
      for (use, edge) in zip(node.uses, screen.edges) {
        switch edge {
        case .screen(let target)?:
          guard let target = index[target] else {
            throw NavError("screen \(screen.id) leads to \(target), which the graph lacks")
          }
          node.setEdge(.screen(target), for: use)
        case .crash(let message)?: node.setEdge(.crash(message), for: use)
        case .unreachable?: node.setEdge(.unreachable, for: use)
        case nil: continue
        }
      }
      _ = graph.add(node)
    }
    return graph
  }

  /// Every shard's findings, one by signature, the one with the fewest steps kept (the
  /// lowest shard's on a tie); a crash's `states` counted again on the merged graph.
  private static func findings(_ parts: [Part], graph: ScreenGraphRecord) -> [ExploreFinding] {
    var order: [String] = []
    var best: [String: ExploreFinding] = [:]
    for part in parts {
      for finding in part.report.findings {
        let signature = signature(of: finding)
        guard let known = best[signature] else {
          order.append(signature)
          best[signature] = finding
          continue
        }
        if finding.steps.count < known.steps.count { best[signature] = finding }
      }
    }
    var findings = order.map { signature in
      var finding = best[signature]!
      finding.repro = nil
      if finding.kind == .crash {
        let message = ExploreFinding.masked(finding.message)
        let screens = graph.screens.count { screen in
          screen.edges.contains { edge in
            if case .crash(let text)? = edge {
              ExploreFinding.masked(text) == message
            } else {
              false
            }
          }
        }
        finding.states = max(finding.states ?? 1, screens)
      }
      return finding
    }
    let kinds = ExploreFinding.Kind.allCases
    findings = findings.enumerated().sorted {
      (kinds.firstIndex(of: $0.element.kind)!, $0.offset)
        < (kinds.firstIndex(of: $1.element.kind)!, $1.offset)
    }.map(\.element)
    return findings
  }

  /// What makes two shards' findings one: as within a walk, the kind and the masked match; for
  /// a crash, the use that trapped too.
  public static func signature(of finding: ExploreFinding) -> String {
    guard finding.kind == .crash else { return finding.signature }
    let use = finding.steps.last.map { ExploreStep(parsing: $0)?.crashKey ?? $0 }
    return finding.signature + " ← " + (use ?? "(the launch)")
  }
}
