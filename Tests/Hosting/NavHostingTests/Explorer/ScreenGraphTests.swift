// ScreenGraph: the route searches follow only the uses that lead to a screen, in the uses' order.

import NavValue
import XCTest

@testable import NavHosting

final class ScreenGraphTests: XCTestCase {
  private let next = ExploreStep.tap(label: "Next", index: nil)

  /// Screens 0 → 1 → 2, each through "Next", with "back" after it.
  private func chain() -> ScreenGraph {
    var graph = ScreenGraph()
    for id in 0..<3 {
      _ = graph.add(
        ScreenGraph.Node(
          key: ExploreNodeKey(state: .integer(id), shape: "screen \(id)"), place: "\(id)",
          title: "\(id)", depth: id, path: Array(repeating: next, count: id), uses: [next, .back],
          hasBack: id > 0, isLaunchPlace: id == 0, controls: []))
    }
    graph[0].setEdge(.screen(1), for: next)
    graph[1].setEdge(.screen(2), for: next)
    return graph
  }

  func testARouteFollowsTheUsesTried() {
    let graph = chain()
    XCTAssertEqual(graph.route(from: 0, to: 2, limit: 5), [next, next])
    XCTAssertEqual(graph.nearest(from: 0) { $0 == 2 }, 2)
    XCTAssertEqual(graph[0].untried, .back)
  }

  func testAUseFoundUnreachableIsNoLongerFollowed() {
    var graph = chain()
    graph[1].setEdge(.unreachable, for: next)
    XCTAssertNil(graph.route(from: 0, to: 2, limit: 5))
    XCTAssertNil(graph.nearest(from: 0) { $0 == 2 })
  }

  func testTheFirstUntriedUseMovesPastEveryUseTried() {
    var graph = chain()
    graph[2].setEdge(.crash("trap"), for: .back)
    XCTAssertEqual(graph[2].untried, next, "a use tried out of order leaves the first one untried")
    graph[2].setEdge(.unreachable, for: next)
    XCTAssertNil(graph[2].untried)
  }
}
