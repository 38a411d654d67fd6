// ScreenGraphRecord: the screen graph as a file (graph.json) — every screen by its digest, with
// where each of its uses led, so that shards' graphs can be joined.

import Foundation

/// A walk's screen graph as data: what `DIR/graph.json` holds and ``ExploreMerge`` joins.
///
/// Screens are named by their digest (a hash of state and shape that every process computes
/// alike), so the same screen found by two shards is one screen. The JSON is
/// `{"screens": [{"id", "place", "title", "depth", "path", "uses", "edges", "explored", …}]}`,
/// `edges` lined up with `uses`: `{"to": ID}`, `{"crash": MESSAGE}`, `{"unreachable": true}` or
/// `null` for a use not tried.
public struct ScreenGraphRecord: Sendable, Codable, Equatable {
  /// Where a use led.
  public enum Edge: Sendable, Codable, Equatable {
    /// To the screen of this digest.
    case screen(String)
    /// The process died: a crash with this message.
    case crash(String)
    /// The screen could not be reached again to try it.
    case unreachable

    private enum CodingKeys: String, CodingKey { case to, crash, unreachable }

    /// Reads one of the three forms.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if let target = try container.decodeIfPresent(String.self, forKey: .to) {
        self = .screen(target)
      } else if let message = try container.decodeIfPresent(String.self, forKey: .crash) {
        self = .crash(message)
      } else if try container.decodeIfPresent(Bool.self, forKey: .unreachable) == true {
        self = .unreachable
      } else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: decoder.codingPath,
            debugDescription:
              "an edge is {\"to\": ID}, {\"crash\": MESSAGE} or {\"unreachable\": true}"))
      }
    }

    /// Writes one of the three forms.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch self {
      case .screen(let target): try container.encode(target, forKey: .to)
      case .crash(let message): try container.encode(message, forKey: .crash)
      case .unreachable: try container.encode(true, forKey: .unreachable)
      }
    }

    /// How much an edge says: a screen or a crash over a use found unreachable.
    var weight: Int {
      switch self {
      case .screen: 2
      case .crash: 1
      case .unreachable: 0
      }
    }
  }

  /// One screen.
  public struct Screen: Sendable, Codable, Equatable {
    /// Its digest: the same screen has the same one in every process.
    public var id: String
    /// Where the user is on it.
    public var place: String
    /// The frontmost screen's title, or its kind.
    public var title: String
    /// The fewest steps from the launch the walk knew it to take.
    public var depth: Int
    /// Those steps, as reports write them.
    public var path: [String]
    /// What it offers, as reports write steps.
    public var uses: [String]
    /// What names each use alike in every walk of the screen, lined up with ``uses``: the use,
    /// or for a tap whose label holds a number (a stack element id, which differs from walk to
    /// walk), its masked label and its place among those: `tap "#N) Screen A" #2`.
    public var keys: [String]
    /// Where each use led, lined up with ``uses``; `nil` for a use not tried.
    public var edges: [Edge?]
    /// Whether this walk was the one to explore it (not a screen dealt to another shard).
    public var explored: Bool
    /// Whether the system offers a back from it.
    public var hasBack: Bool
    /// Whether it is where the launch left the user.
    public var launch: Bool
    /// The controls it shows: `Title › label`.
    public var controls: [String]
    /// The kinds of findings seen on it.
    public var findings: [ExploreFinding.Kind]
  }

  /// The screens, in the order the walk found them.
  public var screens: [Screen]

  /// Creates a record of `screens`.
  public init(screens: [Screen]) { self.screens = screens }

  /// What a record of a node writes that never changes once the node is found: made once per
  /// node, as a walk's checkpoints write the same nodes again and again.
  struct Fixed {
    /// The node's ``ExploreNodeKey/digest``.
    var digest: String
    /// Its uses as reports write them.
    var uses: [String]
    /// Each use's ``ScreenGraph/Node/key(of:)``.
    var keys: [String]

    /// What node `node` writes.
    init(_ node: ScreenGraph.Node) {
      digest = node.key.digest
      uses = node.uses.map(\.description)
      keys = node.maskedOrdinals.isEmpty ? uses : node.uses.map(node.key(of:))
    }
  }

  /// The record of `graph`, whose nodes' unchanging parts are `fixed`; `explored` says which
  /// of its nodes this walk explores.
  init(graph: ScreenGraph, fixed: [Fixed], explored: (Int) -> Bool) {
    let digests = fixed.map(\.digest)
    screens = graph.nodes.indices.map { id in
      let node = graph[id]
      return Screen(
        id: digests[id], place: node.place, title: node.title, depth: node.depth,
        path: node.path.map(\.description), uses: fixed[id].uses, keys: fixed[id].keys,
        edges: node.uses.indices.map { position in
          // By position, hashing no step, where the use led to a screen; most did, or none
          // was tried.
          if let target = node.targets[position] { return .screen(digests[target]) }
          guard !node.edges.isEmpty else { return nil }
          switch node.edges[node.uses[position]] {
          case .screen(let target)?: return .screen(digests[target])
          case .crash(let message)?: return .crash(message)
          case .unreachable?: return .unreachable
          case nil: return nil
          }
        },
        explored: explored(id), hasBack: node.hasBack, launch: node.isLaunchPlace,
        controls: node.controls,
        findings: ExploreFinding.Kind.allCases.filter(node.findings.contains))
    }
  }

  /// The record as JSON text.
  public var json: Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return (try? encoder.encode(self)) ?? Data("{\"screens\":[]}".utf8)
  }
}
