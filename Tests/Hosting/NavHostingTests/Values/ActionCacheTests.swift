// ActionCache: a feature's built actions, shared by its stores and bounded.

import NavValue
import XCTest

@testable import CaseStudies
@testable import NavHosting

final class ActionCacheTests: XCTestCase {
  func testAKeptActionIsFoundByItsPath() {
    let cache = ActionCache<Counter.Action>()
    XCTAssertNil(cache.action(for: "incrementButtonTapped"))
    cache.keep(.incrementButtonTapped, for: "incrementButtonTapped")
    XCTAssertEqual(cache.action(for: "incrementButtonTapped"), .incrementButtonTapped)
  }

  func testTheCacheStopsGrowingAtItsLimit() {
    let cache = ActionCache<Int>()
    for index in 0..<(ActionCache<Int>.limit + 10) { cache.keep(index, for: "path\(index)") }
    XCTAssertEqual(cache.action(for: "path0"), 0)
    XCTAssertNil(cache.action(for: "path\(ActionCache<Int>.limit)"))
  }

  func testStoresOfOneFeatureShareTheActionsTheyBuilt() throws {
    let values = FeatureValues<Counter.State, Counter.Action>()
    func launch() throws(NavError) -> LaunchedStore<Counter> {
      try LaunchedStore<Counter>(
        name: "counter", options: LaunchOptions(), values: values,
        initialState: { Counter.State() }, reducer: { Counter() }, dependencies: { _ in })
    }
    try launch().send(path: "incrementButtonTapped", payload: [])
    XCTAssertEqual(values.actionCache.action(for: "incrementButtonTapped"), .incrementButtonTapped)
    let second = try launch()
    try second.send(path: "incrementButtonTapped", payload: [])
    XCTAssertEqual(try second.state()["count"], 1)
  }
}
