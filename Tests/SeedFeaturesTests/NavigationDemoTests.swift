import ComposableTesting
import XCTest

final class NavigationDemoTests: ComposableTestCase {
  func testGoToABCThenPopToRoot() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path.append(.screenA())
      $0.path.append(.screenB())
      $0.path.append(.screenC())
    }
    XCTAssertEqual(
      FloatingMenuView.ViewState(state: store.state).currentStack.map(\.name),
      ["Screen C", "Screen B", "Screen A"])
    await store.send(.popToRoot) {
      $0.path.removeAll()
    }
    await store.finish()
  }

  func testScreenBDecoupledNavigationPushesScreenC() async {
    let store = TestStore(
      initialState: NavigationDemo.State(path: StackState([.screenB()]))
    ) {
      NavigationDemo()
    }

    let id = store.state.path.ids[0]
    await store.send(.path(.element(id: id, action: .screenB(.screenCButtonTapped)))) {
      $0.path.append(.screenC())
    }
    await store.finish()
  }

  func testScreenADismissesItselfFromTheStack() async {
    let store = TestStore(
      initialState: NavigationDemo.State(path: StackState([.screenA(), .screenA()]))
    ) {
      NavigationDemo()
    }

    let ids = store.state.path.ids
    await store.send(.path(.element(id: ids[1], action: .screenA(.incrementButtonTapped)))) {
      $0.path[id: ids[1]] = .screenA(ScreenA.State(count: 1))
    }
    await store.send(.path(.element(id: ids[1], action: .screenA(.dismissButtonTapped))))
    await store.receive(.path(.popFrom(id: ids[1]))) {
      $0.path.pop(from: ids[1])
    }
    // Only the bottom Screen A is left; the menu lists it under its own id.
    let menu = FloatingMenuView.ViewState(state: store.state)
    XCTAssertEqual(menu.currentStack.map(\.name), ["Screen A"])
    XCTAssertEqual(menu.currentStack.map(\.id), [ids[0]])
    XCTAssertEqual(menu.total, 0)
    await store.finish()
  }
}
