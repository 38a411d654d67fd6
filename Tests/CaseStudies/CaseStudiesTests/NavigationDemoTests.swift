@testable import CaseStudies
@testable import CaseStudyViews
import Composable
import ComposableTesting
import XCTest

final class NavigationDemoTests: ComposableTestCase {
  // MARK: - Pushing

  func testGoToABCPushesThreeScreensInOneAction() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    XCTAssertEqual(store.state.path.ids, [0, 1, 2])
    XCTAssertEqual(store.state.path.map(\.name), ["Screen A", "Screen B", "Screen C"])
    await store.finish()
  }

  /// Every pushed screen's bookkeeping goes when it is popped: 2,000 cycles keep no more than
  /// one (issue 16: each pop used to leave cancellation counts behind for good).
  func testPushAndPopCyclesLeaveNoBookkeepingBehind() async {
    let store = Store(initialState: NavigationDemo.State()) { NavigationDemo() }
    func cycle() async {
      store.send(.goToABCButtonTapped)
      store.send(.popToRoot)
      await store.settle()
    }
    func settledCount() async -> Int {
      for _ in 0..<500 where store.effectBookkeepingCount > 0 {
        try? await Task.sleep(nanoseconds: 2_000_000)
      }
      return store.effectBookkeepingCount
    }
    await cycle()
    let afterOne = await settledCount()
    for _ in 0..<2_000 { await cycle() }
    let afterMany = await settledCount()
    XCTAssertEqual(afterOne, 0)
    XCTAssertEqual(afterMany, afterOne)
  }

  func testExpectedStateClosuresGenerateTheReducersIDs() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    // Appending in the expected-state closure produces the ids the reducer produced.
    await store.send(.goToABCButtonTapped) {
      $0.path.append(.screenA())
      $0.path.append(.screenB())
      $0.path.append(.screenC())
    }
    await store.finish()
  }

  func testStackElementIDsCountUpFromZeroAndAreNeverReused() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    XCTAssertEqual(store.state.path.ids.map(\.description), ["#0", "#1", "#2"])
    await store.send(.popToRoot) {
      $0.path = StackState()
    }
    await store.send(.goToABCButtonTapped) {
      $0.path[id: 3] = .screenA()
      $0.path[id: 4] = .screenB()
      $0.path[id: 5] = .screenC()
    }
    XCTAssertEqual(store.state.path.ids.map(\.description), ["#3", "#4", "#5"])
    await store.finish()
  }

  func testInitialStackGetsTheFirstIDs() async {
    let store = TestStore(
      initialState: NavigationDemo.State(path: StackState([.screenA(), .screenB()]))
    ) {
      NavigationDemo()
    }

    XCTAssertEqual(store.state.path.ids, [0, 1])
    await store.send(.path(.element(id: 1, action: .screenB(.screenCButtonTapped)))) {
      $0.path[id: 2] = .screenC()
    }
    await store.finish()
  }

  func testPushActionInsertsTheScreenWithItsID() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    // What a `NavigationLink(state:)` sends.
    await store.send(.path(.push(id: 0, state: .screenA(ScreenA.State(count: 42))))) {
      $0.path[id: 0] = .screenA(ScreenA.State(count: 42))
    }
    await store.send(.path(.element(id: 0, action: .screenA(.incrementButtonTapped)))) {
      $0.path[id: 0] = .screenA(ScreenA.State(count: 43))
    }
    await store.finish()
  }

  // MARK: - Screen B's decoupled navigation

  func testScreenBNavigationIsInterceptedByTheParent() async {
    let store = TestStore(initialState: NavigationDemo.State(path: StackState([.screenB()]))) {
      NavigationDemo()
    }

    await store.send(.path(.element(id: 0, action: .screenB(.screenAButtonTapped)))) {
      $0.path[id: 1] = .screenA()
    }
    await store.send(.path(.element(id: 0, action: .screenB(.screenBButtonTapped)))) {
      $0.path[id: 2] = .screenB()
    }
    await store.send(.path(.element(id: 2, action: .screenB(.screenCButtonTapped)))) {
      $0.path[id: 3] = .screenC()
    }
    XCTAssertEqual(store.state.path.map(\.name), ["Screen B", "Screen A", "Screen B", "Screen C"])
    await store.finish()
  }

  // MARK: - Popping

  func testDismissFromScreenAPopsOnlyScreenA() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    await store.send(.path(.element(id: 1, action: .screenB(.screenAButtonTapped)))) {
      $0.path[id: 3] = .screenA()
    }
    await store.send(.path(.element(id: 3, action: .screenA(.incrementButtonTapped)))) {
      $0.path[id: 3] = .screenA(ScreenA.State(count: 1))
    }
    await store.send(.path(.element(id: 3, action: .screenA(.dismissButtonTapped))))
    await store.receive(.path(.popFrom(id: 3))) {
      $0.path.pop(from: 3)
    }
    XCTAssertEqual(store.state.path.ids, [0, 1, 2])
    XCTAssertEqual(store.state.path.map(\.name), ["Screen A", "Screen B", "Screen C"])
    await store.finish()
  }

  /// In TCA 1.3 an element of the store's initial stack can dismiss itself too: `forEach` starts
  /// listening for `dismiss()` for every element it has not seen yet, not only for pushed ones.
  func testDismissFromScreenAInTheInitialStackPopsOnlyScreenA() async {
    let store = TestStore(
      initialState: NavigationDemo.State(
        path: StackState([.screenA(), .screenB(), .screenA(ScreenA.State(count: 7))]))
    ) {
      NavigationDemo()
    }

    await store.send(.path(.element(id: 2, action: .screenA(.dismissButtonTapped))))
    await store.receive(.path(.popFrom(id: 2))) {
      $0.path.pop(from: 2)
    }
    XCTAssertEqual(store.state.path.ids, [0, 1])
    XCTAssertEqual(store.state.path.map(\.name), ["Screen A", "Screen B"])
    await store.finish()
  }

  func testDismissFromAScreenAInTheMiddlePopsItAndTheScreensAboveIt() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    await store.send(.path(.element(id: 0, action: .screenA(.dismissButtonTapped))))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
    await store.finish()
  }

  func testGoBackToScreenPopsTheScreensAboveIt() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    await store.send(.goBackToScreen(id: 1)) {
      $0.path.pop(from: 2)
    }
    XCTAssertEqual(store.state.path.ids, [0, 1])
    await store.send(.goBackToScreen(id: 0)) {
      $0.path.pop(from: 1)
    }
    XCTAssertEqual(store.state.path.ids, [0])
    // Going back to the top screen changes nothing.
    await store.send(.goBackToScreen(id: 0))
    await store.finish()
  }

  func testPopFromRemovesTheScreenAndTheScreensAboveIt() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    // What the navigation bar's back button sends.
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    XCTAssertEqual(store.state.path.ids, [0])
    await store.finish()
  }

  func testPopToRootEmptiesTheStack() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    await store.send(.popToRoot) {
      $0.path.removeAll()
    }
    XCTAssertTrue(store.state.path.isEmpty)
    await store.finish()
  }

  // MARK: - Screen C's timer

  func testScreenCTimerIsCancelledWhenPoppedToRoot() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    await store.send(.path(.element(id: 2, action: .screenC(.startButtonTapped)))) {
      $0.path[id: 2] = .screenC(ScreenC.State(isTimerRunning: true))
    }
    await store.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 2, action: .screenC(.timerTick)))) {
      $0.path[id: 2] = .screenC(ScreenC.State(count: 1, isTimerRunning: true))
    }
    await store.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 2, action: .screenC(.timerTick)))) {
      $0.path[id: 2] = .screenC(ScreenC.State(count: 2, isTimerRunning: true))
    }
    await store.send(.popToRoot) {
      $0.path.removeAll()
    }
    XCTAssertEqual(store.inFlightEffects, [])
    XCTAssertEqual(store.clock.sleeperCount, 0, "the timer still sleeps on the clock")
    // No more ticks: the torn-down screen's effects send nothing, not even the stop that
    // `concatenate(with:)` would send after the timer.
    await store.advance(by: .seconds(10))
    XCTAssertTrue(store.receivedActions.isEmpty, "\(store.receivedActions.map(\.action))")
    await store.finish()
  }

  func testScreenCTimerIsCancelledWhenGoingBackBelowIt() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    await store.send(.path(.element(id: 2, action: .screenC(.startButtonTapped)))) {
      $0.path[id: 2] = .screenC(ScreenC.State(isTimerRunning: true))
    }
    await store.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 2, action: .screenC(.timerTick)))) {
      $0.path[id: 2] = .screenC(ScreenC.State(count: 1, isTimerRunning: true))
    }
    await store.send(.goBackToScreen(id: 1)) {
      $0.path.pop(from: 2)
    }
    await store.advance(by: .seconds(10))
    XCTAssertTrue(store.receivedActions.isEmpty, "\(store.receivedActions.map(\.action))")
    XCTAssertEqual(store.clock.sleeperCount, 0, "the timer still sleeps on the clock")
    await store.finish()
  }

  func testScreenCTimerIsCancelledWhenPoppedByTheBackButton() async {
    let store = TestStore(initialState: NavigationDemo.State(path: StackState([.screenC()]))) {
      NavigationDemo()
    }

    await store.send(.path(.element(id: 0, action: .screenC(.startButtonTapped)))) {
      $0.path[id: 0] = .screenC(ScreenC.State(isTimerRunning: true))
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
    }
    await store.advance(by: .seconds(3))
    XCTAssertTrue(store.receivedActions.isEmpty, "\(store.receivedActions.map(\.action))")
    await store.finish()
  }

  func testScreenCTimerStopsWithItsButtonWhileOnTheStack() async {
    let store = TestStore(initialState: NavigationDemo.State(path: StackState([.screenC()]))) {
      NavigationDemo()
    }

    await store.send(.path(.element(id: 0, action: .screenC(.startButtonTapped)))) {
      $0.path[id: 0] = .screenC(ScreenC.State(isTimerRunning: true))
    }
    await store.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .screenC(.timerTick)))) {
      $0.path[id: 0] = .screenC(ScreenC.State(count: 1, isTimerRunning: true))
    }
    await store.send(.path(.element(id: 0, action: .screenC(.stopButtonTapped)))) {
      $0.path[id: 0] = .screenC(ScreenC.State(count: 1, isTimerRunning: false))
    }
    // The cancelled timer is followed by the stop that `concatenate(with:)` sends.
    await store.receive(.path(.element(id: 0, action: .screenC(.stopButtonTapped))))
    await store.advance(by: .seconds(3))
    await store.finish()
  }

  func testTimersOfTwoScreenCsAreIndependent() async {
    let store = TestStore(
      initialState: NavigationDemo.State(path: StackState([.screenC(), .screenC()]))
    ) {
      NavigationDemo()
    }

    await store.send(.path(.element(id: 0, action: .screenC(.startButtonTapped)))) {
      $0.path[id: 0] = .screenC(ScreenC.State(isTimerRunning: true))
    }
    await store.send(.path(.element(id: 1, action: .screenC(.startButtonTapped)))) {
      $0.path[id: 1] = .screenC(ScreenC.State(isTimerRunning: true))
    }
    // Stopping the top screen's timer leaves the other one running: the cancel id is scoped to
    // the screen's place in the stack.
    await store.send(.path(.element(id: 1, action: .screenC(.stopButtonTapped)))) {
      $0.path[id: 1] = .screenC(ScreenC.State(isTimerRunning: false))
    }
    await store.receive(.path(.element(id: 1, action: .screenC(.stopButtonTapped))))
    await store.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .screenC(.timerTick)))) {
      $0.path[id: 0] = .screenC(ScreenC.State(count: 1, isTimerRunning: true))
    }
    await store.send(.popToRoot) {
      $0.path.removeAll()
    }
    await store.advance(by: .seconds(1))
    await store.finish()
  }

  // MARK: - Screen A's fact

  func testScreenAFetchesAFactOnTheStack() async {
    let store = TestStore(initialState: NavigationDemo.State(path: StackState([.screenA()]))) {
      NavigationDemo()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is a good number." }
    }

    await store.send(.path(.element(id: 0, action: .screenA(.incrementButtonTapped)))) {
      $0.path[id: 0] = .screenA(ScreenA.State(count: 1))
    }
    await store.send(.path(.element(id: 0, action: .screenA(.factButtonTapped)))) {
      $0.path[id: 0] = .screenA(ScreenA.State(count: 1, isLoading: true))
    }
    await store.receive(
      .path(.element(id: 0, action: .screenA(.factResponse(.success("1 is a good number.")))))
    ) {
      $0.path[id: 0] = .screenA(ScreenA.State(count: 1, fact: "1 is a good number."))
    }
    await store.finish()
  }

  func testScreenAFactInFlightIsCancelledWhenScreenAIsPopped() async {
    let store = TestStore(initialState: NavigationDemo.State(path: StackState([.screenA()]))) {
      NavigationDemo()
    } withDependencies: {
      $0.factClient.fetch = { number in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: .seconds(1))
        return "\(number) is a slow number."
      }
    }

    await store.send(.path(.element(id: 0, action: .screenA(.factButtonTapped)))) {
      $0.path[id: 0] = .screenA(ScreenA.State(isLoading: true))
    }
    await store.send(.popToRoot) {
      $0.path.removeAll()
    }
    await store.advance(by: .seconds(1))
    XCTAssertTrue(store.receivedActions.isEmpty, "\(store.receivedActions.map(\.action))")
    await store.finish()
  }

  // MARK: - Runtime warnings

  func testPopFromAMissingIDIsARuntimeWarning() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: NavigationDemo.State(path: StackState([.screenB()])),
      reducer: { NavigationDemo() },
      reporter: log.reporter
    )

    await store.send(.path(.popFrom(id: 5)))
    await store.finish()
    XCTAssertEqual(store.state.path.ids, [0])
    XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
    XCTAssertTrue(
      log.messages.first?.contains("received a \"popFrom\" action for a missing element") == true,
      "\(log.messages)")
  }

  func testActionForAPoppedScreenIsARuntimeWarning() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: NavigationDemo.State(),
      reducer: { NavigationDemo() },
      reporter: log.reporter
    )

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    await store.send(.popToRoot) {
      $0.path.removeAll()
    }
    await store.send(.path(.element(id: 2, action: .screenC(.startButtonTapped))))
    await store.finish()
    XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
    XCTAssertTrue(
      log.messages.first?.contains("received an action for a missing element") == true,
      "\(log.messages)")
  }

  // MARK: - Floating menu

  func testFloatingMenuShowsTheTotalAndTheCurrentStackTopmostFirst() async {
    let store = TestStore(initialState: NavigationDemo.State()) {
      NavigationDemo()
    }

    XCTAssertEqual(FloatingMenuView.ViewState(state: store.state).total, 0)
    XCTAssertEqual(FloatingMenuView.ViewState(state: store.state).currentStack, [])

    await store.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    await store.send(.path(.element(id: 0, action: .screenA(.incrementButtonTapped)))) {
      $0.path[id: 0] = .screenA(ScreenA.State(count: 1))
    }
    await store.send(.path(.element(id: 0, action: .screenA(.incrementButtonTapped)))) {
      $0.path[id: 0] = .screenA(ScreenA.State(count: 2))
    }
    await store.send(.path(.element(id: 2, action: .screenC(.startButtonTapped)))) {
      $0.path[id: 2] = .screenC(ScreenC.State(isTimerRunning: true))
    }
    await store.advance(by: .seconds(3))
    for count in 1...3 {
      await store.receive(.path(.element(id: 2, action: .screenC(.timerTick)))) {
        $0.path[id: 2] = .screenC(ScreenC.State(count: count, isTimerRunning: true))
      }
    }

    let menu = FloatingMenuView.ViewState(state: store.state)
    XCTAssertEqual(menu.total, 5)
    XCTAssertEqual(
      menu.currentStack,
      [
        FloatingMenuView.ViewState.Screen(id: 2, name: "Screen C"),
        FloatingMenuView.ViewState.Screen(id: 1, name: "Screen B"),
        FloatingMenuView.ViewState.Screen(id: 0, name: "Screen A"),
      ])

    // The menu's "Screen A" entry sends `goBackToScreen(id:)` with that screen's id.
    await store.send(.goBackToScreen(id: menu.currentStack[2].id)) {
      $0.path.pop(from: 1)
    }
    XCTAssertEqual(FloatingMenuView.ViewState(state: store.state).total, 2)
    XCTAssertEqual(
      FloatingMenuView.ViewState(state: store.state).currentStack,
      [FloatingMenuView.ViewState.Screen(id: 0, name: "Screen A")])

    // Its "Root" entry pops to the root; the menu is then empty and hidden.
    await store.send(.popToRoot) {
      $0.path.removeAll()
    }
    XCTAssertEqual(FloatingMenuView.ViewState(state: store.state).currentStack, [])
    XCTAssertEqual(FloatingMenuView.ViewState(state: store.state).total, 0)
    await store.finish()
  }

  func testFloatingMenuCountsEveryScreenAAndScreenC() {
    let state = NavigationDemo.State(
      path: StackState([
        .screenA(ScreenA.State(count: 1)),
        .screenC(ScreenC.State(count: 10)),
        .screenB(),
        .screenA(ScreenA.State(count: -4)),
      ]))

    let menu = FloatingMenuView.ViewState(state: state)
    XCTAssertEqual(menu.total, 7)
    XCTAssertEqual(menu.currentStack.map(\.name), ["Screen A", "Screen B", "Screen C", "Screen A"])
    XCTAssertEqual(menu.currentStack.map(\.id), state.path.ids.reversed())
  }
}

extension NavigationDemo.Path.State {
  /// The screen's title, as the floating menu shows it.
  fileprivate var name: String {
    switch self {
    case .screenA: "Screen A"
    case .screenB: "Screen B"
    case .screenC: "Screen C"
    }
  }
}
