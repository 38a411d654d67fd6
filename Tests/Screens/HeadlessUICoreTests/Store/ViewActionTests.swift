// `@ViewAction(for:)`: a view sends its feature's view actions as `send(.tapped)`.

import ComposableArchitecture
import XCTest

@testable import HeadlessUICore

@Reducer
private struct Counter {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: ViewAction {
    case delegate(Delegate)
    case view(View)
    enum Delegate: Equatable { case reachedThree }
    enum View: Equatable {
      case decrementButtonTapped
      case incrementButtonTapped
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.decrementButtonTapped):
        state.count -= 1
        return .none
      case .view(.incrementButtonTapped):
        state.count += 1
        return state.count == 3 ? .send(.delegate(.reachedThree)) : .none
      case .delegate:
        return .none
      }
    }
  }
}

@ViewAction(for: Counter.self)
private struct CounterView: View {
  let store: StoreOf<Counter>

  var body: some View {
    Button("minus") { send(.decrementButtonTapped) }
    Text("\(store.count)")
    Button("plus") { send(.incrementButtonTapped, animation: .default) }
  }
}

final class ViewActionTests: XCTestCase {
  func testAViewSendsItsViewActionsInTheViewCase() throws {
    let store = Store(initialState: Counter.State()) { Counter() }
    let driver = ScreenDriver(
      state: { store.state }, send: { store.send($0) },
      nextStackElementID: { StackElementID(generation: 0) },
      view: { CounterView(store: $0)._render() })
    try driver.tap(ControlQuery(label: "plus"))
    try driver.tap(ControlQuery(label: "plus"))
    try driver.tap(ControlQuery(label: "minus"))
    XCTAssertEqual(store.state.count, 1)
    try driver.tree().see("1")
  }

  func testTheConformanceIsViewActionSending() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let view: any ViewActionSending = CounterView(store: store)
    XCTAssertTrue(view is CounterView)
  }
}
