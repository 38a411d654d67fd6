import Composable
import XCTest

final class StoreTaskTests: XCTestCase {
  struct Feature: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable { case start, tick, plain }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.log.append("\(action)")
      switch action {
      case .start:
        return .run { send in
          try await clock.sleep(for: .seconds(10))
          await send(.tick)
        }
      case .tick, .plain: return .none
      }
    }
  }

  private func makeStore(clock: TestClock<Duration>) -> StoreOf<Feature> {
    Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  func testFinishWaitsForTheEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.start)
    let waiter = Task { await task.finish() }
    await clock.advance(by: .seconds(10), settle: { await store.settle() })
    await waiter.value
    XCTAssertEqual(store.state.log, ["start", "tick"])
    XCTAssertFalse(task.isCancelled)
  }

  func testCancellingTheTaskThatWaitsCancelsTheEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.start)
    let waiter = Task { await task.finish() }
    waiter.cancel()
    await waiter.value
    XCTAssertTrue(task.isCancelled, "as TCA's finish(), which awaits the task's cancellableValue")
    await clock.advance(by: .seconds(10), settle: { await store.settle() })
    XCTAssertEqual(store.state.log, ["start"], "the cancelled effect sent nothing")
  }

  func testTasksCompareByTheSendTheyComeFrom() {
    let store = makeStore(clock: TestClock())
    let first = store.send(.start)
    let second = store.send(.start)
    XCTAssertEqual(first, first)
    XCTAssertNotEqual(first, second)
    XCTAssertEqual(Set([first, second, first]).count, 2)
    let none = store.send(.plain)
    XCTAssertEqual(none, store.send(.plain), "sends without effects all give the same, done task")
    XCTAssertTrue(none.isCancelled, "a send without effects counts as cancelled, as in TCA")
    first.cancel()
    second.cancel()
    XCTAssertTrue(first.isCancelled)
  }
}
