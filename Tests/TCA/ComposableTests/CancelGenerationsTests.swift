@testable import Composable
import XCTest

/// The store's cancellation bookkeeping is bounded by the effects running, not by history.
final class CancelGenerationsTests: XCTestCase {
  struct Screen: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment, startTimer }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .startTimer:
        return .run { _ in try await clock.sleep(for: .seconds(3600)) }
      }
    }
  }

  struct Feature: Reducer {
    struct State: Equatable {
      var path = StackState<Screen.State>()
      @PresentationState var sheet: Screen.State?
    }
    enum Action: Equatable {
      case path(StackAction<Screen.State, Screen.Action>)
      case sheet(PresentationAction<Screen.Action>)
      case pushThree
      case popToRoot
      case presentSheet
      case dismissSheet
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .pushThree:
          state.path.append(Screen.State())
          state.path.append(Screen.State())
          state.path.append(Screen.State())
          return .none
        case .popToRoot:
          state.path.removeAll()
          return .none
        case .presentSheet:
          state.sheet = Screen.State()
          return .none
        case .dismissSheet:
          state.sheet = nil
          return .none
        case .path, .sheet:
          return .none
        }
      }
      .forEach(\.path, action: /Action.path) { Screen() }
      .ifLet(\.$sheet, action: /Action.sheet) { Screen() }
    }
  }

  /// Pushes three screens (one starting a long effect), pops them, presents and dismisses a
  /// sheet, `times` times, waiting for the store to settle after each step.
  private func cycle(_ store: StoreOf<Feature>, times: Int) async {
    for _ in 0..<times {
      store.send(.pushThree)
      if let top = store.state.path.ids.last {
        store.send(.path(.element(id: top, action: .startTimer)))
      }
      await store.settle()
      store.send(.popToRoot)
      await store.settle()
      store.send(.presentSheet)
      store.send(.sheet(.presented(.startTimer)))
      await store.settle()
      store.send(.dismissSheet)
      await store.settle()
    }
  }

  /// Waits for the popped screens' effect tasks to finish, which they do a moment after the pop
  /// cancels them; returns the bookkeeping count then.
  private func settledCount(_ store: StoreOf<Feature>, atMost bound: Int) async -> Int {
    for _ in 0..<500 where store.effectBookkeepingCount > bound {
      try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return store.effectBookkeepingCount
  }

  func testPushAndPopLeaveNothingBehind() async {
    let store = Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await cycle(store, times: 1)
    let afterOne = await settledCount(store, atMost: 0)
    await cycle(store, times: 300)
    let afterMany = await settledCount(store, atMost: afterOne)
    XCTAssertEqual(afterMany, afterOne, "bookkeeping grew with history: \(afterOne) → \(afterMany)")
    XCTAssertEqual(afterOne, 0, "nothing is live at the root, so nothing should be kept")
  }

  func testLiveScreensAreCountedAndFreedWhenPopped() async {
    let store = Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.send(.pushThree)
    await store.settle()
    XCTAssertGreaterThan(store.effectBookkeepingCount, 0, "three listeners are live")
    store.send(.popToRoot)
    let count = await settledCount(store, atMost: 0)
    XCTAssertEqual(count, 0)
  }

  func testTableForgetsATokenWhenItsLastWatcherGoes() {
    let token = CancelToken(id: "timer", navigationIDPath: NavigationIDPath())
    var table = CancelGenerations()
    table.cancelled(token)
    XCTAssertEqual(table.count, 0, "a cancel nobody watches is not kept")
    XCTAssertEqual(table.watch([token]), [token: 0])
    XCTAssertEqual(table.watch([token]), [token: 0])
    table.cancelled(token)
    XCTAssertEqual(table.generation(of: token), 1)
    table.unwatch([token])
    XCTAssertEqual(table.generation(of: token), 1, "one watcher is left")
    table.unwatch([token])
    XCTAssertEqual(table.count, 0)
    XCTAssertNil(table.generation(of: token))
  }

  func testCollectsTheTokensOfNestedCancellableParts() {
    let first = CancelToken(id: 1, navigationIDPath: NavigationIDPath())
    let second = CancelToken(id: 2, navigationIDPath: NavigationIDPath())
    let effect = Effect<Int>.run { _ in }
      .cancellable(token: first)
      .concatenate(with: Effect<Int>.send(1).cancellable(token: second).untracked)
      .merge(with: .cancel(id: 3))
    XCTAssertEqual(effect.cancellableTokens, [first, second])
  }
}
