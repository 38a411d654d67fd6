import Composable
import XCTest

final class ScopeTests: XCTestCase {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment, incrementLater }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementLater:
        return .send(.increment)
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var counter = Counter.State()
      var mode: Mode = .a(Counter.State())
      var childTapCount = 0
    }
    enum Mode: Equatable { case a(Counter.State), b(Counter.State) }
    enum Action: Equatable {
      case counter(Counter.Action), modeA(Counter.Action), modeB(Counter.Action), switchToB
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: /Action.counter) { Counter() }
      Scope(state: \.mode, action: /Action.self) {
        Scope(state: /Mode.a, action: /Action.modeA) { Counter() }
        Scope(state: /Mode.b, action: /Action.modeB) { Counter() }
      }
      Reduce { state, action in
        switch action {
        case .counter: state.childTapCount += 1
        case .switchToB: state.mode = .b(Counter.State(count: 10))
        default: break
        }
        return .none
      }
    }
  }

  func testKeyPathScopeRunsChildBeforeParentAndLiftsEffects() {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.counter(.incrementLater))
    XCTAssertEqual(store.state.counter.count, 1)
    XCTAssertEqual(
      store.state.childTapCount, 2, "the parent sees both the child action and its effect's")
  }

  func testCasePathScopeRunsOnlyInItsCase() {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.modeA(.increment))
    XCTAssertEqual(store.state.mode, .a(Counter.State(count: 1)))
    store.send(.switchToB)
    store.send(.modeB(.increment))
    XCTAssertEqual(store.state.mode, .b(Counter.State(count: 11)))
  }

  func testActionForChildInWrongCaseIsARuntimeWarning() {
    let warnings = Warnings()
    let store = Store(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    store.send(.modeB(.increment))
    XCTAssertEqual(store.state.mode, .a(Counter.State()), "state is untouched")
    XCTAssertEqual(warnings.messages.count, 1)
    XCTAssertTrue(
      warnings.messages[0].contains(
        "received a child action when child state was set to a different case"),
      warnings.messages[0])
  }

  func testStoreScopeDerivesStateAndEmbedsActions() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.counter, action: /Parent.Action.counter)
    child.send(.increment)
    XCTAssertEqual(child.state.count, 1)
    XCTAssertEqual(store.state.counter.count, 1)
    let viaClosures = store.scope(state: { $0.counter.count }, action: Parent.Action.counter)
    viaClosures.send(.increment)
    XCTAssertEqual(viaClosures.state, 2)
  }
}
