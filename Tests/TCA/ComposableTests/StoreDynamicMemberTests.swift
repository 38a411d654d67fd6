import Composable
import ComposableArchitecture
import XCTest

@Reducer
private struct Profile {
  @ObservableState
  struct State: Equatable {
    var name = "Blob"
    var visits = 0
  }
  enum Action { case visited }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.visits += 1
      return .none
    }
  }
}

/// `store.visits` reads observable state, as TCA 1.7's stores do.
final class StoreDynamicMemberTests: XCTestCase {
  func testADynamicMemberReadsTheCurrentState() {
    let store = Store(initialState: Profile.State()) { Profile() }
    XCTAssertEqual(store.name, "Blob")
    XCTAssertEqual(store.visits, 0)
    store.send(.visited)
    XCTAssertEqual(store.visits, 1, "the member reads the state after the send")
  }
}
