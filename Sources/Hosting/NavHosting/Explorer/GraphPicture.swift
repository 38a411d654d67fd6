// GraphPicture: the screen graph in Graphviz's language — a node per place, labelled by its
// title, an edge per control that leads from one to another, and the findings in red.

/// Draws a ``ScreenGraph`` for `dot`: one node per place (the states at a place are counted in
/// its label), one edge per pair of places with the controls that lead between them, and the
/// places where findings were seen filled red, with a red crash node for uses that trapped.
struct GraphPicture {
  let graph: ScreenGraph

  /// The most control labels written on one edge; more are counted.
  static let labelsPerEdge = 4

  /// The graph as a `digraph`.
  func dot(feature: String) -> String {
    var places: [String] = []
    var placeIndex: [String: Int] = [:]
    var titles: [String] = []
    var states: [Int] = []
    var kinds: [Set<ExploreFinding.Kind>] = []
    var launch: Int?
    for node in graph.nodes {
      let id: Int
      if let known = placeIndex[node.place] {
        id = known
      } else {
        id = places.count
        placeIndex[node.place] = id
        places.append(node.place)
        titles.append(node.title)
        states.append(0)
        kinds.append([])
      }
      states[id] += 1
      kinds[id].formUnion(node.findings)
      if node.isLaunchPlace, launch == nil { launch = id }
    }
    // Edges between places, each with the labels of the controls that make it, in order.
    var edgeLabels: [[Int]: [String]] = [:]
    var edgeOrder: [[Int]] = []
    var crashes: [(from: Int, label: String)] = []
    for node in graph.nodes {
      let from = placeIndex[node.place]!
      for use in node.uses {
        guard let edge = node.edges[use] else { continue }
        let label = Self.label(of: use)
        switch edge {
        case .screen(let target):
          let pair = [from, placeIndex[graph[target].place]!]
          if edgeLabels[pair] == nil { edgeOrder.append(pair) }
          if !edgeLabels[pair, default: []].contains(label) {
            edgeLabels[pair, default: []].append(label)
          }
        case .crash:
          if !crashes.contains(where: { $0.from == from && $0.label == label }) {
            crashes.append((from, label))
          }
        case .unreachable:
          continue
        }
      }
    }
    var lines = [
      "digraph \(Self.quoted("explore \(feature)")) {",
      "  graph [rankdir=LR, fontname=\"Helvetica\", label=\(Self.quoted("navd explore \(feature): \(graph.nodes.count) screens at \(places.count) places")), labelloc=t];",
      "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef3fb\", fontname=\"Helvetica\"];",
      "  edge [fontname=\"Helvetica\", fontsize=10];",
    ]
    for id in places.indices {
      var label = titles[id]
      if states[id] > 1 { label += "\n(\(states[id]) states)" }
      var attributes = ["label=\(Self.quoted(label))", "tooltip=\(Self.quoted(places[id]))"]
      if !kinds[id].isEmpty {
        let names = ExploreFinding.Kind.allCases.filter(kinds[id].contains).map(\.rawValue)
        attributes[0] = "label=\(Self.quoted(label + "\n" + names.joined(separator: ", ")))"
        attributes.append("fillcolor=\"#f8d0d0\"")
        attributes.append("color=\"#c00000\"")
      }
      if id == launch { attributes.append("peripheries=2") }
      lines.append("  p\(id) [\(attributes.joined(separator: ", "))];")
    }
    for pair in edgeOrder {
      let labels = edgeLabels[pair]!
      var text = labels.prefix(Self.labelsPerEdge).joined(separator: "\n")
      if labels.count > Self.labelsPerEdge {
        text += "\n+\(labels.count - Self.labelsPerEdge) more"
      }
      lines.append("  p\(pair[0]) -> p\(pair[1]) [label=\(Self.quoted(text))];")
    }
    if !crashes.isEmpty {
      lines.append(
        "  crash [label=\"crash\", shape=octagon, fillcolor=\"#c00000\", fontcolor=white];")
      for crash in crashes {
        lines.append(
          "  p\(crash.from) -> crash [label=\(Self.quoted(crash.label)), color=\"#c00000\"];")
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The shortest route the walk found to each place, numbered as ``dot(feature:)`` numbers
  /// the places (in the order the walk first reached them).
  var routes: [PlaceRoute] {
    var order: [String] = []
    var best: [String: ScreenGraph.Node] = [:]
    for node in graph.nodes {
      guard let known = best[node.place] else {
        order.append(node.place)
        best[node.place] = node
        continue
      }
      if node.path.count < known.path.count { best[node.place] = node }
    }
    return order.enumerated().map { id, place in
      let node = best[place]!
      return PlaceRoute(node: "p\(id)", title: node.title, steps: node.path.map(\.description))
    }
  }

  /// How an edge names a use: the control's label, the typed text, or `back`.
  private static func label(of use: ExploreStep) -> String {
    switch use {
    case .tap(let label, nil): label
    case .tap(let label, let index?): "\(label) #\(index)"
    case .type(let text, let field): "\(field) ← \"\(text)\""
    case .back: "back"
    case .increment(let label): "\(label) +"
    case .decrement(let label): "\(label) −"
    case .delete(let label): "delete \(label)"
    case .refresh: "refresh"
    }
  }

  /// `text` as a Graphviz quoted string.
  static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n") + "\""
  }
}
