import Composable
import ComposableArchitecture
import ComposableTesting
import XCTest

/// A settings form in TCA 1.7+ style: `@ObservableState`, `BindableAction`, `BindingReducer`.
@Reducer
private struct Settings {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var notifications = false
    var log: [String] = []
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case resetButtonTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(let binding) where binding.keyPath == \State.name:
        state.log.append("name is \(state.name)")
        return .none
      case .binding:
        return .none
      case .resetButtonTapped:
        state.name = ""
        return .none
      }
    }
  }
}

final class BindableActionTests: XCTestCase {
  func testBindingsSetTheirPropertyBeforeTheFeatureRuns() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.binding(.set(\.name, "Blob"))) {
      $0.name = "Blob"
      $0.log = ["name is Blob"]
    }
    await store.send(\.binding.notifications, true) {
      $0.notifications = true
    }
    await store.send(\.resetButtonTapped) {
      $0.name = ""
    }
  }

  func testBindingActionsCompareByPropertyAndValue() {
    typealias Action = BindingAction<Settings.State>
    XCTAssertEqual(Action.set(\.name, "A"), Action.set(\.name, "A"))
    XCTAssertNotEqual(Action.set(\.name, "A"), Action.set(\.name, "B"))
    XCTAssertNotEqual(Action.set(\.notifications, true), Action.set(\.name, "A"))
    let action = Settings.Action.binding(.set(\.name, "C"))
    XCTAssertEqual(action[case: \.binding.name], "C")
    XCTAssertNil(action[case: \.binding.notifications])
  }
}
