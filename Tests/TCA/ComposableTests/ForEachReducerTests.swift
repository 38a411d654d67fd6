import Composable
import XCTest

final class ForEachReducerTests: XCTestCase {
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var ticks = 0
    }
    enum Action: Equatable { case start, tick }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  struct List: Reducer {
    struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [] }
    enum Action: Equatable {
      case row(id: Int, action: Row.Action)
      case remove(id: Int)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .remove(let id) = action { state.rows.remove(id: id) }
        return .none
      }
      .forEach(\.rows, action: /Action.row(id:action:)) { Row() }
    }
  }

  func testRemovingARowCancelsOnlyItsEffects() async {
    let store = TestStore(
      initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])
    ) { List() }
    await store.send(.row(id: 1, action: .start))
    await store.send(.row(id: 2, action: .start))
    await store.advance(by: .seconds(1))
    await store.receive(.row(id: 1, action: .tick)) { $0.rows[id: 1]?.ticks = 1 }
    await store.receive(.row(id: 2, action: .tick)) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.remove(id: 1)) { $0.rows.remove(id: 1) }
    await store.advance(by: .seconds(1))
    await store.receive(.row(id: 2, action: .tick)) { $0.rows[id: 2]?.ticks = 2 }
    await store.send(.remove(id: 2)) { $0.rows.remove(id: 2) }
    await store.finish()
  }

  func testAnActionForAMissingRowIsARuntimeWarning() {
    let warnings = Warnings()
    let store = Store(initialState: List.State()) {
      List()
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    store.send(.row(id: 9, action: .tick))
    XCTAssertEqual(warnings.messages.count, 1)
    XCTAssertTrue(warnings.messages[0].contains("received an action for a missing element"))
  }
}
