// ActionCache: a feature's built actions, shared by its stores and bounded.

import XCTest

@testable import NavHosting
@testable import NavScript

final class ActionCacheTests: XCTestCase {
  func testAKeptActionIsFoundByItsPath() {
    let cache = ActionCache<Tally.Action>()
    XCTAssertNil(cache.action(for: "add"))
    cache.keep(.add, for: "add")
    XCTAssertEqual(cache.action(for: "add"), .add)
  }

  func testTheCacheStopsGrowingAtItsLimit() {
    let cache = ActionCache<Int>()
    for index in 0..<(ActionCache<Int>.limit + 10) { cache.keep(index, for: "path\(index)") }
    XCTAssertEqual(cache.action(for: "path0"), 0)
    XCTAssertNil(cache.action(for: "path\(ActionCache<Int>.limit)"))
  }

  func testStoresOfOneFeatureShareTheActionsTheyBuilt() throws {
    let values = FeatureValues<Tally.State, Tally.Action>()
    let first = try LaunchedStore<Tally>(
      name: "tally", options: LaunchOptions(), values: values, initialState: { Tally.State() },
      reducer: { Tally() }, dependencies: { _ in })
    try first.send(path: "add", payload: [])
    XCTAssertEqual(values.actionCache.action(for: "add"), .add)
    let second = try LaunchedStore<Tally>(
      name: "tally", options: LaunchOptions(), values: values, initialState: { Tally.State() },
      reducer: { Tally() }, dependencies: { _ in })
    try second.send(path: "add", payload: [])
    XCTAssertEqual(try second.state()["total"], 1)
  }
}
