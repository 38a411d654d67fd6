// Explorer: the walk over a feature's screens with no scenario written — each step one use of
// the frontmost screen, checked after every step, each finding shrunk to its shortest steps.

import NavValue

/// Walks a feature's navigation graph from its launch, trying what every screen offers, and
/// reports what went wrong on the way.
///
/// ```swift
/// let report = try Explorer(feature: navigation, options: options).run()
/// ```
///
/// The walk is deterministic for a seed. It runs in this process: a reducer that traps ends it
/// (the explore command runs it in a child process, which reports the steps up to the trap,
/// and hands the crashes it found back as ``KnownCrash``es so the next walk steps around them).
public final class Explorer {
  /// A crash found by an earlier walk: the steps from the launch whose last one trapped.
  public struct KnownCrash: Sendable, Codable {
    /// The steps of the walk that trapped, the last one trapping.
    public var path: [String]
    /// The shrunk steps that trap.
    public var steps: [String]
    /// What the process said as it died.
    public var message: String
    /// Whether the step hung (the process was killed after a timeout) rather than trapped.
    public var hang: Bool

    /// Creates a known crash.
    public init(path: [String], steps: [String], message: String, hang: Bool = false) {
      self.path = path
      self.steps = steps
      self.message = message
      self.hang = hang
    }

    /// What makes two crashes the same bug: the trap's message with its source place, numbers
    /// masked, and the use that trapped, as ``ExploreStep/crashKey`` has it.
    public var signature: String {
      let use = path.last.map { text in ExploreStep(parsing: text)?.crashKey ?? text }
      return ExploreFinding.masked(message) + " ← " + (use ?? "(the launch)")
    }
  }

  /// What the walk is about to do, for a supervisor that must know where a crash happened.
  public enum Event {
    /// A fresh store was launched: the steps start again from the launch.
    case launch
    /// The step is about to be taken.
    case step(ExploreStep)
    /// A replay from a fresh launch (a finding's shrinking, a known crash's screen) is about to
    /// take these steps: a trap until ``replayed`` is the replay's, not the walk's.
    case replay([ExploreStep])
    /// The replay is over: the walk goes on where it was.
    case replayed
    /// The walk's figures so far: told every ``progressInterval`` and once as the walk ends,
    /// between steps, so the handler may read ``checkpoint()``.
    case progress(ExploreProgress)
  }

  /// How often the walk tells its ``Event/progress(_:)``.
  public static let progressInterval: Duration = .seconds(1)

  let feature: ScriptFeature
  let options: ExploreOptions
  private let crashes: [KnownCrash]
  private let onEvent: (Event) -> Void
  private let invariants: (any ExploreInvariants)?

  private(set) var graph = ScreenGraph()
  private var findings: [ExploreFinding] = []
  private var signatures: Set<String> = []
  private var steps = 0
  private var random: SeededRandom
  /// The crashes earlier walks found, one per signature (``KnownCrash/signature``).
  private var knownCrashes: [KnownCrash] = []
  /// The uses known to crash, masked, by the ``ExploreRun/crashShape`` of the screen they
  /// were used on: the index of their crash in ``knownCrashes``.
  private var shapeCrashes: [String: [String: Int]] = [:]
  /// The uses that crashed on two shapes of screen at one place (masked), avoided on all its
  /// screens: a bug reached from many states costs a couple of restarts, not the walk.
  private var placeCrashes: [String: [String: Int]] = [:]
  /// Each node's ``ExploreRun/crashScreen``, once a known crash needed it.
  private var crashShapes: [Int: (shape: String, place: String)] = [:]
  /// The screens each known crash's use was stepped around on, by crash.
  private var avoided: [Int: Set<Int>] = [:]
  /// When the walk must stop (``ExploreOptions/timeLimit`` from its start).
  private var deadline: ContinuousClock.Instant?
  private var live: ExploreRun!
  private var current = 0
  private var usedControls: Set<String> = []
  /// How often the walk set out for a screen and arrived elsewhere.
  private var misses: [Int: Int] = [:]
  /// The screens that may still offer an untried use, in the order found (or reopened).
  private var openScreens: [Int] = []
  /// Where breadth first's queue starts in ``openScreens``.
  private var queueHead = 0
  /// The screens another shard explores: at the split depth and not dealt to this one.
  private var foreign: Set<Int> = []
  /// Where the frontier was dealt (``ExploreShard``), once it was.
  private var split: ExploreReport.ShardPart?
  /// The deepest depth a split was considered at.
  private var splitChecked = 0
  /// What each node's record writes that never changes (its digest, its uses' texts and keys),
  /// by index, as far as one was needed: a checkpoint makes it only for the nodes found since
  /// the last, and a step makes none.
  private var fixedRecords: [ScreenGraphRecord.Fixed] = []
  /// When the walk started, and when it next tells its progress.
  private var started = ContinuousClock.now
  private var nextProgress = ContinuousClock.now

  /// An explorer of `feature`; `invariants` are checked after every step, `crashes` are steps
  /// an earlier walk crashed on, and `onEvent` hears of every launch and step before it happens.
  ///
  /// NavScript's `init(feature:options:crashes:onEvent:)` loads the invariants of
  /// ``ExploreOptions/invariantsFile``; here an options' file without `invariants` is refused.
  public init(
    feature: ScriptFeature, options: ExploreOptions, invariants: (any ExploreInvariants)?,
    crashes: [KnownCrash] = [], onEvent: @escaping (Event) -> Void = { _ in }
  ) throws(NavError) {
    if options.shard != nil, options.strategy != .bfs {
      throw NavError(ExploreShard.breadthFirstOnly(options.strategy))
    }
    if let file = options.invariantsFile, invariants == nil {
      throw NavError(
        "the invariants of \(file) were not loaded: pass them as `invariants`, or explore "
          + "through NavScript, which loads the file")
    }
    self.feature = feature
    self.options = options
    self.crashes = crashes
    self.onEvent = onEvent
    self.random = SeededRandom(seed: options.seed)
    self.invariants = invariants
  }

  /// Walks until the budget is spent or every screen within the depth is explored, shrinks
  /// what it found, and reports.
  public func run() throws(NavError) -> ExploreReport {
    started = ContinuousClock.now
    nextProgress = started + Self.progressInterval
    deadline = options.timeLimit.map { started + $0 }
    try learnCrashes()
    current = try launch()
    var outOfTime = false
    while steps < options.steps, let (target, use) = nextUse() {
      let now = ContinuousClock.now
      if let deadline, now >= deadline {
        outOfTime = true
        break
      }
      if now >= nextProgress {
        nextProgress = now + Self.progressInterval
        onEvent(.progress(progress))
      }
      guard try reach(target), steps < options.steps else { continue }
      try take(use, from: target)
    }
    try record(try live.flush(), path: live.path)
    live = nil
    try findDeadEnds()
    onEvent(.progress(progress))
    return try report(outOfTime: outOfTime)
  }

  /// The walk's figures now: steps, screens, the frontier, findings, time.
  public var progress: ExploreProgress {
    ExploreProgress(
      steps: steps, screens: graph.nodes.count,
      frontier: graph.nodes.indices.count { isOpen($0) },
      findings: findings.count + knownCrashes.count, elapsed: ContinuousClock.now - started)
  }

  /// What the walk found so far, as a report that says it was interrupted, and its graph as
  /// a record: what a walk that may be killed writes as it goes.
  ///
  /// Call it between steps: from the handler of ``Event/progress(_:)``.
  public func checkpoint() throws(NavError) -> (ExploreReport, ScreenGraphRecord) {
    var report = try report(outOfTime: false, drawn: false)
    report.ended = .interrupted
    report.complete = false
    return (report, graphRecord)
  }

  /// The graph found so far, as ``ScreenGraphRecord`` writes it.
  public var graphRecord: ScreenGraphRecord {
    ScreenGraphRecord(
      graph: graph, fixed: fixed(), explored: { id in !foreign.contains(id) })
  }

  /// Every node's unchanging record, those not yet made made now.
  private func fixed() -> [ScreenGraphRecord.Fixed] {
    while fixedRecords.count < graph.nodes.count {
      fixedRecords.append(ScreenGraphRecord.Fixed(graph[fixedRecords.count]))
    }
    return fixedRecords
  }

  /// Takes `steps` from a fresh launch of `feature`, then lets pending timers fire.
  ///
  /// Returns `false` when the screen does not offer a step. It is what a crash's replay runs:
  /// it traps when the crash does.
  public static func replay(
    _ steps: [ExploreStep], feature: ScriptFeature, options: ExploreOptions
  ) throws(NavError) -> Bool {
    let replay = ExploreReplay(feature: feature, options: options, invariants: nil)
    guard let launched = try replay.launch(steps) else { return false }
    _ = try launched.run.flush()
    return true
  }

  // MARK: - The walk

  /// Launches a fresh store; returns its launch screen's node.
  private func launch() throws(NavError) -> Int {
    if let live {
      try record(try live.flush(), path: live.path)
    }
    onEvent(.launch)
    var observed: [ExploreObservation] = []
    live = try ExploreRun(
      feature: feature, options: options, invariants: invariants, observed: &observed)
    try record(observed, path: [])
    // Every launch shows the same first screen, unless the feature's launch differs each time.
    return try arrive(from: nil, by: nil, expected: graph.nodes.isEmpty ? nil : 0)
  }

  /// The screen and use to try next, as the strategy orders them.
  ///
  /// Breadth first takes the open screens in the order found (a queue), depth first the
  /// current one and then the newest (a stack), at random any; screens found closed on the way
  /// (explored whole, or too deep) leave the list, so a choice costs the same however many
  /// screens there are.
  private func nextUse() -> (Int, ExploreStep)? {
    switch options.strategy {
    case .bfs:
      while queueHead < openScreens.count {
        let id = openScreens[queueHead]
        guard let use = untriedUse(of: id) else {
          queueHead += 1
          continue
        }
        let depth = graph[id].depth
        // A shard deals the frontier as it is about to explore it; the head may be another's.
        if splitIfDue(at: depth) { continue }
        // Any open screen as shallow as the queue's head will do: the nearest one saves a
        // relaunch and a replay.
        if let near = graph.nearest(
          from: current, where: { graph[$0].depth == depth && isOpen($0) }),
          let nearUse = untriedUse(of: near)
        {
          return (near, nearUse)
        }
        return (id, use)
      }
      return nil
    case .dfs:
      if let use = untriedUse(of: current) { return (current, use) }
      while let id = openScreens.last {
        if let use = untriedUse(of: id) { return (id, use) }
        openScreens.removeLast()
      }
      return nil
    case .random:
      func pick(_ id: Int) -> ExploreStep {
        let untried = graph[id].uses.filter { graph[id].edges[$0] == nil }
        return untried[random.next(below: untried.count)]
      }
      if isOpen(current) { return (current, pick(current)) }
      while !openScreens.isEmpty {
        let index = random.next(below: openScreens.count)
        let id = openScreens[index]
        if isOpen(id) { return (id, pick(id)) }
        openScreens.swapAt(index, openScreens.count - 1)
        openScreens.removeLast()
      }
      return nil
    }
  }

  /// The use node `id` offers that was not tried yet, when the node is this walk's to explore
  /// (within the depth, not dealt to another shard).
  private func untriedUse(of id: Int) -> ExploreStep? {
    graph[id].depth < options.depth && !foreign.contains(id) ? graph[id].untried : nil
  }

  /// Whether node `id` is this walk's to explore and still offers an untried use.
  private func isOpen(_ id: Int) -> Bool { untriedUse(of: id) != nil }

  /// Deals the frontier at `depth` to the shards (``ExploreShard``) when this walk is a shard,
  /// has not split yet, and `depth` is the split depth; returns whether it split.
  ///
  /// It is called as breadth first's queue reaches a depth, so every screen at that depth has
  /// been found: every shard, walking the same prefix, deals the same screens.
  private func splitIfDue(at depth: Int) -> Bool {
    guard let shard = options.shard, split == nil, depth > splitChecked else { return false }
    splitChecked = depth
    let level = graph.nodes.indices.filter { graph[$0].depth == depth }
    guard level.count >= ExploreShard.frontierPerShard * shard.count || depth == options.depth - 1
    else { return false }
    let records = fixed()
    let levelDigests = level.map { records[$0].digest }
    let owned = shard.owns(frontier: levelDigests, places: level.map { graph[$0].place })
    for (id, digest) in zip(level, levelDigests) where !owned.contains(digest) {
      foreign.insert(id)
    }
    split = ExploreReport.ShardPart(
      index: shard.index, count: shard.count, splitDepth: depth, frontier: level.count,
      owned: owned.count, frontierDigest: ExploreShard.digest(ofFrontier: levelDigests))
    return !foreign.isEmpty
  }

  /// Goes to node `target` through uses already tried, or by a fresh launch and its own steps.
  ///
  /// The known route is taken when it is no longer than the node's own steps and has not
  /// missed. Returns whether the walk is there; when a step led elsewhere, the walk stays
  /// where it is and the next choice starts from there.
  private func reach(_ target: Int) throws(NavError) -> Bool {
    guard current != target else { return true }
    let route: [ExploreStep]
    // After a miss, the screen's own steps from a fresh launch: a known route that missed
    // passed through screens whose state moved on (a timer), and would again. Its own steps
    // are what any walk that found it would replay, so a shard and a whole walk agree.
    if misses[target] == nil,
      let known = graph.route(from: current, to: target, limit: graph[target].depth)
    {
      route = known
    } else {
      current = try launch()
      route = graph[target].path
    }
    for step in route {
      guard steps < options.steps else { return false }
      let before = current
      let expected = graph[before].edges[step]
      guard try take(step, from: before) else { break }
      if case .screen(let node)? = expected, node != current { break }
    }
    if current != target {
      // The screen's own steps no longer lead to it (an effect moved on): after a few tries,
      // stop trying it.
      misses[target, default: 0] += 1
      if misses[target]! >= 3 {
        for use in graph[target].uses where graph[target].edges[use] == nil {
          graph[target].setEdge(.unreachable, for: use)
        }
      }
    }
    return current == target
  }

  /// Takes `use` on node `from`, where the walk is; returns whether it was taken.
  @discardableResult
  private func take(_ use: ExploreStep, from: Int) throws(NavError) -> Bool {
    if !knownCrashes.isEmpty, let crash = knownCrash(of: use, on: from) {
      graph[from].setEdge(.crash(knownCrashes[crash].message), for: use)
      graph[from].findings.insert(.crash)
      avoided[crash, default: []].insert(from)
      if let control = Self.control(of: use, on: graph[from].title) {
        usedControls.insert(control)
      }
      return false
    }
    let expected: Int?
    if case .screen(let target)? = graph[from].edges[use] {
      expected = target
    } else {
      expected = nil
    }
    let observed: [ExploreObservation]
    do {
      observed = try live.take(use, ordinal: graph[from].maskedOrdinals[use]) {
        onEvent(.step($0))
      }
    } catch {
      switch error {
      case .notOffered:
        graph[from].setEdge(.unreachable, for: use)
        return false
      case .failed(let error): throw error
      }
    }
    steps += 1
    if let control = Self.control(of: use, on: graph[from].title) { usedControls.insert(control) }
    current = try arrive(from: from, by: use, expected: expected)
    graph[from].setEdge(.screen(current), for: use)
    try record(observed, path: live.path)
    return true
  }

  /// The node of the screen the run shows now; `from` and `use` are how the walk got there, and
  /// `expected` the node that way led to before, if any.
  ///
  /// The expected node is confirmed by the state's `==` with the node's snapshot and by the
  /// shape: most steps retrace known ones (routes, replays after a relaunch), and encoding and
  /// hashing the whole state for each was most of a step's cost. When that does not confirm it
  /// (another node, stack element ids that differ, a state that is not `Equatable`), the
  /// screen's key finds or adds its node.
  private func arrive(from: Int?, by use: ExploreStep?, expected: Int?) throws(NavError) -> Int {
    // Built once: the confirmation compares it, and the key holds it.
    let shape = live.shape
    if let expected, options.confirmsKnownScreens, graph[expected].key.shape == shape,
      live.isInState(of: graph[expected].snapshots)
    {
      reached(expected, from: from, by: use)
      return expected
    }
    return try intern(from: from, by: use, shape: shape)
  }

  /// Notes that the walk reached node `id` from `from` by `use`: a way shorter than its known
  /// one becomes its path.
  private func reached(_ id: Int, from: Int?, by use: ExploreStep?) {
    let depth = from.map { graph.nodes[$0].depth + 1 } ?? 0
    guard depth < graph.nodes[id].depth else { return }
    // Closer than thought: a screen that was too deep to explore may now be open.
    if graph[id].depth >= options.depth, depth < options.depth { openScreens.append(id) }
    graph[id].depth = depth
    graph[id].path = from.map { graph.nodes[$0].path + [use!] } ?? []
  }

  /// The node of the screen the run shows now, whose shape is `shape`, found by its key, or
  /// added when new; `from` and `use` are how the walk got there.
  private func intern(from: Int?, by use: ExploreStep?, shape: [UInt8]) throws(NavError) -> Int {
    let key = try live.key(shape: shape)
    if let id = graph.node(for: key) {
      reached(id, from: from, by: use)
      // The state as it is now: the next visit is likely to come the same way.
      graph[id].keep(live.store.snapshot())
      return id
    }
    let depth = from.map { graph.nodes[$0].depth + 1 } ?? 0
    let path = from.map { graph.nodes[$0].path + [use!] } ?? []
    var uses = live.uses
    let ordinals = ExploreRun.maskedOrdinals(of: uses)
    random.shuffle(&uses)
    let title = live.tree.frontmost.title ?? live.tree.frontmost.kind.rawValue
    if let split, let shard = options.shard, depth == split.splitDepth,
      !shard.ownsLate(digest: key.digest)
    {
      // At the split depth, found only after the split: dealt by its digest alone.
      foreign.insert(graph.nodes.count)
    }
    openScreens.append(graph.nodes.count)
    var node = ScreenGraph.Node(
      key: key, place: live.place, title: title, depth: depth, path: path, uses: uses,
      hasBack: live.hasBack, isLaunchPlace: live.isAtLaunchPlace, controls: live.controls)
    node.maskedOrdinals = ordinals
    node.keep(live.store.snapshot())
    return graph.add(node)
  }

  // MARK: - Findings

  /// Keeps what the checks saw as findings, the first of each signature, shrunk.
  private func record(_ observed: [ExploreObservation], path: [ExploreStep]) throws(NavError) {
    for observation in observed {
      let signature = observation.kind.rawValue + ": " + ExploreFinding.masked(observation.match)
      guard signatures.insert(signature).inserted else { continue }
      if current < graph.nodes.count { graph[current].findings.insert(observation.kind) }
      let shrunk = try shrink(path, kind: observation.kind, match: observation.match)
      findings.append(
        ExploreFinding(
          kind: observation.kind, message: observation.message, steps: shrunk.map(\.description),
          match: observation.match))
    }
  }

  /// The shortest steps that still show the finding.
  private func shrink(_ path: [ExploreStep], kind: ExploreFinding.Kind, match: String)
    throws(NavError) -> [ExploreStep]
  {
    do {
      return try Shrinker.shrink(path) { candidate in
        // Out of time, the steps found so far stand: they show the finding, if not the fewest.
        guard !isOutOfTime else { return false }
        return try replaying { replay throws(NavError) in
          try replay.reproduce(candidate, kind: kind, match: match) != nil
        }
      }
    } catch let error as NavError {
      throw error
    } catch {
      throw NavError("\(error)")
    }
  }

  /// The screens explored whole that nothing leads away from: no system back, and every use
  /// stays at the same place.
  private func findDeadEnds() throws(NavError) {
    for id in graph.nodes.indices {
      let node = graph[id]
      guard !node.isLaunchPlace, !node.hasBack, node.depth < options.depth,
        node.uses.allSatisfy({ node.edges[$0] != nil })
      else { continue }
      // A use stepped around as a known crash may lead anywhere: the screen is not judged a
      // dead end by it (its repro would take that use, and trap).
      let leaves = node.edges.values.contains { edge in
        switch edge {
        case .screen(let target): graph[target].place != node.place
        case .crash, .unreachable: true
        }
      }
      guard !leaves else { continue }
      let signature = "dead-end: " + ExploreFinding.masked(node.place)
      guard signatures.insert(signature).inserted else { continue }
      graph[id].findings.insert(.deadEnd)
      let shrunk = try shrink(node.path, kind: .deadEnd, match: node.place)
      findings.append(
        ExploreFinding(
          kind: .deadEnd,
          message: ExploreReplay.deadEndMessage(place: node.place, uses: node.uses.count),
          steps: shrunk.map(\.description), match: node.place))
    }
  }

  /// Learns the uses earlier walks crashed on: replays each crash's steps but the last to find
  /// the shape of the screen it was used on, and keeps one finding per signature.
  ///
  /// A use is then stepped around on every screen of that shape (numbers and signs masked: a
  /// count or a clock's ticks do not make a screen new to a crash), and on every screen of its
  /// place once it crashed on two shapes there.
  private func learnCrashes() throws(NavError) {
    var signatures: [String: Int] = [:]
    var shapesAtPlace: [String: [String: Set<String>]] = [:]
    for crash in crashes {
      let path = crash.path.compactMap(ExploreStep.init(parsing:))
      guard path.count == crash.path.count, let last = path.last else { continue }
      let index: Int
      if let known = signatures[crash.signature] {
        index = known
      } else {
        index = knownCrashes.count
        signatures[crash.signature] = index
        knownCrashes.append(crash)
      }
      let launched = try replaying { replay throws(NavError) in
        try replay.launch(Array(path.dropLast()))
      }
      guard let screen = launched?.run else { continue }
      let use = last.crashKey
      let (shape, place) = screen.crashScreen
      shapeCrashes[shape, default: [:]][use] = index
      shapesAtPlace[place, default: [:]][use, default: []].insert(shape)
      if shapesAtPlace[place]![use]!.count >= 2 {
        placeCrashes[place, default: [:]][use] = index
      }
    }
  }

  /// The known crash that `use` on node `id`, where the walk is, would reach, if any.
  private func knownCrash(of use: ExploreStep, on id: Int) -> Int? {
    let screen: (shape: String, place: String)
    if let known = crashShapes[id] {
      screen = known
    } else {
      screen = live.crashScreen
      crashShapes[id] = screen
    }
    return knownCrash(of: use, on: screen)
  }

  /// The known crash that `use` on a screen of `screen`'s shape and place would reach, if any.
  private func knownCrash(of use: ExploreStep, on screen: (shape: String, place: String)) -> Int? {
    let key = use.crashKey
    return shapeCrashes[screen.shape]?[key] ?? placeCrashes[screen.place]?[key]
  }

  /// Runs `body` with a replay of the feature that steps around known crashes, telling
  /// ``onEvent`` of each launch it makes and of its end.
  private func replaying<Result, Failure: Error>(
    _ body: (ExploreReplay) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var replay = ExploreReplay(feature: feature, options: options, invariants: invariants)
    replay.willLaunch = { [onEvent] steps in onEvent(.replay(steps)) }
    if !knownCrashes.isEmpty {
      replay.avoids = { [unowned self] run, step in
        knownCrash(of: step, on: run.crashScreen) != nil
      }
    }
    defer { onEvent(.replayed) }
    return try body(replay)
  }

  /// Whether the time limit has run out.
  private var isOutOfTime: Bool {
    guard let deadline else { return false }
    return ContinuousClock.now >= deadline
  }

  // MARK: - The report

  private static func control(of use: ExploreStep, on title: String) -> String? {
    switch use {
    case .tap(let label, _): "\(title) › \(ExploreFinding.masked(label))"
    case .type(_, let field): "\(title) › \(field)"
    case .increment(let label), .decrement(let label), .delete(let label):
      "\(title) › \(ExploreFinding.masked(label))"
    case .back, .refresh: nil
    }
  }

  private func report(outOfTime: Bool, drawn: Bool = true) throws(NavError) -> ExploreReport {
    let frontier = graph.nodes.indices.count(where: isOpen)
    let explored = frontier == 0
    // A crash is one finding however many screens reach it: the first walk that trapped on
    // it gave its steps; the screens this walk stepped around it on are its count.
    var findings = self.findings
    for (index, crash) in knownCrashes.enumerated() {
      findings.append(
        ExploreFinding(
          kind: .crash, message: crash.message, steps: crash.steps, match: crash.message,
          states: max(1, avoided[index]?.count ?? 0)))
    }
    let ended: ExploreReport.Ending =
      explored ? .complete : outOfTime ? .time : .steps
    let skipped = avoided.values.reduce(into: Set<Int>()) { $0.formUnion($1) }
    let picture = GraphPicture(graph: graph)
    var report = ExploreReport(
      feature: feature.name, seed: options.seed, strategy: options.strategy.rawValue,
      steps: steps, screens: graph.nodes.count, places: graph.places,
      transitions: graph.transitions, depth: options.depth, complete: explored,
      findings: findings.enumerated().sorted {
        (Self.order($0.element), $0.offset) < (Self.order($1.element), $1.offset)
      }.map(\.element),
      controls: ExploreReport.Coverage(controls: graph.controls, isUsed: usedControls.contains),
      graph: drawn ? picture.dot(feature: feature.name) : "", ended: ended,
      restarts: ExploreReport.Restarts(
        used: crashes.count, limit: options.restartLimit, skippedStates: skipped.count))
    if drawn { report.routes = picture.routes }
    report.frontier = frontier
    report.walk = ExploreReport.Walk(options: options)
    if let shard = options.shard {
      report.shard = split ?? ExploreReport.ShardPart(unsplit: shard)
    }
    report.timing = ExploreReport.Timing(steps: steps, elapsed: ContinuousClock.now - started)
    return report
  }

  private static func order(_ finding: ExploreFinding) -> Int {
    ExploreFinding.Kind.allCases.firstIndex(of: finding.kind)!
  }
}
