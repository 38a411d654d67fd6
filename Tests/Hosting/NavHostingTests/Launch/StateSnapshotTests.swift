// StateSnapshot: a launched store tells whether it is in a snapshot's state by the state's own
// `==`, and takes none when its state is not `Equatable`.

@testable import CaseStudies
import Composable
import XCTest

@testable import NavHosting

final class StateSnapshotTests: XCTestCase {
  /// A feature whose state is not `Equatable`.
  private struct Tally: Reducer {
    struct State { var count = 0 }
    enum Action { case increment }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  private func counterStore() throws -> LaunchedStore<Counter> {
    try LaunchedStore<Counter>(
      name: "counter", options: LaunchOptions(), initialState: { Counter.State() },
      reducer: { Counter() }, dependencies: { _ in })
  }

  func testTheStoreIsInASnapshotsStateUntilItChangesAndWhenItComesBack() throws {
    let store = try counterStore()
    let start = try XCTUnwrap(store.snapshot())
    XCTAssertTrue(store.isInState(start))
    try store.send("incrementButtonTapped")
    XCTAssertFalse(store.isInState(start))
    let one = try XCTUnwrap(store.snapshot())
    XCTAssertTrue(store.isInState(one))
    try store.send("decrementButtonTapped")
    XCTAssertTrue(store.isInState(start))
    XCTAssertFalse(store.isInState(one))
  }

  func testASnapshotOfAnotherFeatureIsNeverItsState() throws {
    let counter = try counterStore()
    let navigation = try LaunchedStore<NavigationDemo>(
      name: "navigation", options: LaunchOptions(), initialState: { NavigationDemo.State() },
      reducer: { NavigationDemo() }, dependencies: { _ in })
    XCTAssertFalse(counter.isInState(try XCTUnwrap(navigation.snapshot())))
  }

  func testAStateThatIsNotEquatableTakesNoSnapshot() throws {
    let store = try LaunchedStore<Tally>(
      name: "tally", options: LaunchOptions(), initialState: { Tally.State() },
      reducer: { Tally() }, dependencies: { _ in })
    XCTAssertNil(store.snapshot())
  }
}
