// ScreenGraph: the screens an exploration found, de-duplicated, and what each use of them led
// to.

/// The screens found so far and the uses tried on each.
///
/// A screen (a node) is a state plus the shape of its frontmost screen; its place is where the
/// user is (the screens from the root, by kind and title), which many states share.
struct ScreenGraph {
  /// Where a use of a screen led.
  enum Edge: Equatable {
    /// To the screen with this index.
    case screen(Int)
    /// The process died: a crash with this message.
    case crash(String)
    /// The screen could not be reached again to try it.
    case unreachable
  }

  /// One screen.
  struct Node {
    let key: ExploreNodeKey
    /// Where the user is on it.
    let place: String
    /// The frontmost screen's title, or its kind.
    let title: String
    /// The fewest steps from the launch it is known to take.
    var depth: Int
    /// Those steps.
    var path: [ExploreStep]
    /// What it offers, in the order the walk tries them.
    let uses: [ExploreStep]
    /// The taps whose labels hold a number, by their place among the screen's taps that mask
    /// the same (``ExploreRun/maskedOrdinals(of:)``): how they are found again, and matched
    /// across shards.
    var maskedOrdinals: [ExploreStep: Int] = [:]
    /// Where each use tried so far led; set through ``setEdge(_:for:)``.
    private(set) var edges: [ExploreStep: Edge] = [:]
    /// The screen each use led to, by the use's position in ``uses``: what the route searches
    /// follow, in the uses' order, without hashing a step.
    private(set) var targets: [Int?]
    /// The position in ``uses`` before which every use was tried.
    private var triedBefore = 0
    /// Whether the system offers a back from it.
    let hasBack: Bool
    /// Whether it is where the launch left the user.
    let isLaunchPlace: Bool
    /// The controls it shows, used or not: `Title › label`.
    let controls: [String]
    /// The kinds of findings seen on it.
    var findings: Set<ExploreFinding.Kind> = []
    /// The store's states the walk last saw on it, the newest last.
    ///
    /// At most ``snapshotLimit``, and none when the state is not `Equatable`. A step that led
    /// here before is checked to have again by the state's `==` and the shape, without encoding
    /// the state and hashing it. States that differ only by stack element ids are one node, so
    /// a node reached by several ways has several.
    private(set) var snapshots: [StateSnapshot] = []
    /// How many snapshots a node keeps.
    static let snapshotLimit = 16

    /// Keeps `snapshot` as the newest state seen on the node.
    mutating func keep(_ snapshot: StateSnapshot?) {
      guard let snapshot else { return }
      if snapshots.count == Self.snapshotLimit { snapshots.removeFirst() }
      snapshots.append(snapshot)
    }

    init(
      key: ExploreNodeKey, place: String, title: String, depth: Int, path: [ExploreStep],
      uses: [ExploreStep], hasBack: Bool, isLaunchPlace: Bool, controls: [String]
    ) {
      self.key = key
      self.place = place
      self.title = title
      self.depth = depth
      self.path = path
      self.uses = uses
      self.targets = Array(repeating: nil, count: uses.count)
      self.hasBack = hasBack
      self.isLaunchPlace = isLaunchPlace
      self.controls = controls
    }

    /// What names `use` alike in every walk of this screen: the use, or for a tap whose label
    /// holds a number, its masked label and its place among those (`tap "#N) Screen A" #2`).
    func key(of use: ExploreStep) -> String {
      guard let ordinal = maskedOrdinals[use] else { return use.description }
      return ExploreFinding.masked(use.description) + " #\(ordinal + 1)"
    }

    /// The first use not tried yet, if any.
    var untried: ExploreStep? { triedBefore < uses.count ? uses[triedBefore] : nil }

    /// Records where `use` led.
    mutating func setEdge(_ edge: Edge, for use: ExploreStep) {
      edges[use] = edge
      if let position = uses.firstIndex(of: use) {
        // A use found unreachable after it led somewhere no longer leads there.
        if case .screen(let target) = edge {
          targets[position] = target
        } else {
          targets[position] = nil
        }
      }
      while triedBefore < uses.count, edges[uses[triedBefore]] != nil { triedBefore += 1 }
    }
  }

  private(set) var nodes: [Node] = []
  private var index: [ExploreNodeKey: Int] = [:]

  /// The node of `key`, if found before.
  func node(for key: ExploreNodeKey) -> Int? { index[key] }

  /// Adds a node; returns its index.
  mutating func add(_ node: Node) -> Int {
    nodes.append(node)
    index[node.key] = nodes.count - 1
    return nodes.count - 1
  }

  /// Node `id`, to read or change in place: reading a field does not copy the node, and
  /// setting an edge does not copy its edges.
  subscript(id: Int) -> Node {
    _read { yield nodes[id] }
    _modify { yield &nodes[id] }
  }

  /// How many uses were tried and led to a screen or a crash.
  var transitions: Int {
    nodes.reduce(0) { count, node in
      count + node.edges.values.filter { $0 != .unreachable }.count
    }
  }

  /// How many distinct places the screens are at.
  var places: Int { Set(nodes.map(\.place)).count }

  /// The controls the screens show, each once, in the order first seen.
  var controls: [String] {
    var seen: [String] = []
    var known: Set<String> = []
    for node in nodes {
      for control in node.controls where known.insert(control).inserted { seen.append(control) }
    }
    return seen
  }

  /// The nearest screen to `from` through uses already tried that `isWanted` accepts, `from`
  /// itself included, among the nearest ``routeSearchLimit`` screens.
  func nearest(from: Int, where isWanted: (Int) -> Bool) -> Int? {
    var seen: Set<Int> = [from]
    var frontier = [from]
    while !frontier.isEmpty {
      var next: [Int] = []
      for id in frontier {
        if isWanted(id) { return id }
        // In the order of the uses, not the dictionary's: the same seed walks the same way.
        for case let target? in nodes[id].targets {
          guard seen.count < Self.routeSearchLimit, seen.insert(target).inserted else { continue }
          next.append(target)
        }
      }
      frontier = next
    }
    return nil
  }

  /// The most screens a route search visits before it gives up (a fresh launch is then taken).
  static let routeSearchLimit = 64

  /// The shortest known steps from node `from` to node `to` through uses already tried, with
  /// at most `limit` steps; `nil` when there is none that short among the nearest
  /// ``routeSearchLimit`` screens.
  func route(from: Int, to: Int, limit: Int) -> [ExploreStep]? {
    if from == to { return [] }
    var previous: [Int: (Int, ExploreStep)] = [from: (from, .back)]
    var frontier = [from]
    var length = 0
    while !frontier.isEmpty, length < limit, previous.count < Self.routeSearchLimit {
      length += 1
      var next: [Int] = []
      for id in frontier {
        for (use, target) in zip(nodes[id].uses, nodes[id].targets) {
          guard let target, previous[target] == nil else { continue }
          previous[target] = (id, use)
          if target == to {
            var steps: [ExploreStep] = []
            var at = to
            while at != from {
              let (before, step) = previous[at]!
              steps.append(step)
              at = before
            }
            return steps.reversed()
          }
          next.append(target)
        }
      }
      frontier = next
    }
    return nil
  }
}
