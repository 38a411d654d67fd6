// Shared state as scripts see it: a `@Shared` field reads as its value, a launch option sets it
// (through the reference, as a reducer would), and two stores that share a key see each
// other's writes, each counting a shared change as a change of its state.

import ComposableArchitecture
import Foundation
import NavValue
import XCTest

@testable import NavHosting
@testable import NavScript

@Reducer
private struct Tapper {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("script-taps")) var taps = 0
    var label = "taps"
  }

  enum Action: Equatable {
    case tapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.$taps.withLock { $0 += 1 }
        return .none
      }
    }
  }
}

private let tapper = ScriptFeature(name: "tapper", summary: "A shared tap count.") {
  Tapper.State()
} reducer: {
  Tapper()
}

final class SharedStateValuesTests: XCTestCase {
  /// Each test with storages of its own, as the scenario runner gives each scenario.
  override func invokeTest() {
    ScriptStorages.$current.withValue(TestStorages.Storages()) { super.invokeTest() }
  }

  func testASharedFieldReadsAsItsValueAndTwoStoresShareIt() throws {
    let harness = ScriptHarness(features: [tapper])
    let results = try harness.run(
      """
      local a = navd.launch("tapper")
      local b = navd.launch("tapper")
      local before = a.version
      a:send("tapped")
      a:send("tapped")
      return a.state.taps, b.state.taps, a.version - before, b.state.label
      """)
    XCTAssertEqual(results, [2, 2, 2, "taps"])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }

  func testALaunchOptionSetsTheSharedValueThroughItsReference() throws {
    let harness = ScriptHarness(features: [tapper])
    let results = try harness.run(
      """
      local a = navd.launch("tapper")
      local b = navd.launch("tapper", { state = { taps = 40 } })
      b:send("tapped")
      return a.state.taps, b.state.taps
      """)
    XCTAssertEqual(results, [41, 41])
    XCTAssertEqual(harness.host.finishScenario(), [])
  }
}
