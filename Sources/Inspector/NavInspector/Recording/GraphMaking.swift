// GraphMaking: the explorer's screen graph of a feature, which the host draws for the page, with
// the shortest route to each of its screens.

import NavProtocol

/// A feature's screen graph as the explorer walked it, for the page: the picture, and how to
/// reach each of its places.
public struct ScreenGraphPicture: Sendable {
  /// The graph as SVG (Graphviz's), its places `<g class="node">` titled by their node (`p3`).
  public var svg: String
  /// `[{node, title, steps: [{use, label?, index?, text?}]}]`, each step one the control channel
  /// takes: `use` is `tap` (`label`, `index`), `type` (`text` into the field `label`) or
  /// `back`; a step of another kind has `use` naming it, which the page cannot replay.
  public var routes: JSONValue
  /// A line that says what was walked: screens, places, steps, and what ended the walk.
  public var summary: String

  /// Makes a picture.
  public init(svg: String, routes: JSONValue, summary: String) {
    self.svg = svg
    self.routes = routes
    self.summary = summary
  }
}

/// Walks a feature (by its name) and draws its screen graph; throws with a message a person reads.
public typealias GraphMaker = @Sendable (String) throws -> ScreenGraphPicture
