// PlaceRoute: the shortest steps an exploration found from the launch to one place of its
// screen graph.

/// How to reach one place of an exploration's screen graph from the launch: the place's node in
/// the graph's picture, its title, and the steps, as reports write them (`tap "Go to screen A"`,
/// `back`; ``ExploreStep/init(parsing:)`` reads them back).
public struct PlaceRoute: Sendable, Codable, Equatable {
  /// The place's node in the graph's picture: `p0` for the first place.
  public var node: String
  /// The title of the place's screens.
  public var title: String
  /// The steps from the launch, the fewest the walk found.
  public var steps: [String]

  /// Makes a route.
  public init(node: String, title: String, steps: [String]) {
    self.node = node
    self.title = title
    self.steps = steps
  }
}
