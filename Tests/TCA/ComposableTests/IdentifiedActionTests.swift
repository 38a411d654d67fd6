import Composable
import ComposableArchitecture
import ComposableTesting
import XCTest

@Reducer
private struct Row {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action: Equatable {
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
private struct Rows {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
  }
  enum Action {
    case rows(IdentifiedActionOf<Row>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { Row() }
  }
}

final class IdentifiedActionTests: XCTestCase {
  func testRowActionsReachTheirRowByID() async {
    let store = TestStore(
      initialState: Rows.State(rows: [Row.State(id: 1), Row.State(id: 2)])
    ) {
      Rows()
    }
    await store.send(.rows(.element(id: 2, action: .incrementButtonTapped))) {
      $0.rows[id: 2]?.count = 1
    }
    await store.send(\.rows[id: 1].incrementButtonTapped) {
      $0.rows[id: 1]?.count = 1
    }
  }

  func testCasePathsByID() {
    let action = IdentifiedAction<Int, String>.element(id: 3, action: "tap")
    XCTAssertEqual(action[case: \.[id: 3]], "tap")
    XCTAssertNil(action[case: \.[id: 4]])
    XCTAssertEqual(action[case: \.element]?.action, "tap")
  }
}
