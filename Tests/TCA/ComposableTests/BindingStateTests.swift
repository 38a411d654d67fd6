import Composable
import ComposableArchitecture
import ComposableTesting
import XCTest

/// A login form in the dialect before `@ObservableState`: bindable properties marked
/// `@BindingState`, bindings named by the wrapper (`\.$email`).
@Reducer
private struct LoginForm {
  struct State: Equatable {
    @BindingState var email = ""
    @BindingState var options = Options()
    var attempts = 0

    struct Options: Equatable {
      var remember = false
    }
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(.set(\.$email, "admin")):
        state.email += " (refused)"
        return .none
      case .binding(\.$email):
        state.attempts += 1
        return .none
      case .binding:
        return .none
      }
    }
  }
}

final class BindingStateTests: XCTestCase {
  func testABindingNamesTheWrappedPropertyAndTheReducerMatchesIt() async {
    let store = TestStore(initialState: LoginForm.State()) { LoginForm() }
    await store.send(.binding(.set(\.$email, "blob@example.com"))) {
      $0.email = "blob@example.com"
      $0.attempts = 1
    }
    await store.send(.binding(.set(\.$email, "admin"))) {
      $0.email = "admin (refused)"
    }
    await store.send(.set(\.$options, .init(remember: true))) {
      $0.options.remember = true
    }
  }

  func testBindingActionsOnWrappedPropertiesCompareByPropertyAndValue() {
    typealias Action = BindingAction<LoginForm.State>
    XCTAssertEqual(Action.set(\.$email, "a"), Action.set(\.$email, "a"))
    XCTAssertNotEqual(Action.set(\.$email, "a"), Action.set(\.$email, "b"))
    let action = LoginForm.Action.binding(.set(\.$email, "c"))
    XCTAssertEqual(action[case: \.binding.$email], "c")
    XCTAssertNil(action[case: \.binding.$options])
  }

  func testTheWrapperReadsAsItsValue() throws {
    var state = LoginForm.State()
    state.$options.remember = BindingState(wrappedValue: true)
    XCTAssertTrue(state.options.remember, "a nested property is bindable through the wrapper")
    XCTAssertEqual(String(describing: state.$email), "")
    let encoded = try JSONEncoder().encode(BindingState(wrappedValue: 7))
    XCTAssertEqual(String(decoding: encoded, as: UTF8.self), "7")
    XCTAssertEqual(try JSONDecoder().decode(BindingState<Int>.self, from: encoded).wrappedValue, 7)
  }
}
