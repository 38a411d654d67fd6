import Composable
import XCTest

final class EffectTests: XCTestCase {
  struct Feature: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable {
      case a, b, c, d
      case startRun, runSent(Int)
      case startCancellable, startInFlight, cancel, startConcatenated, stopped
      case failing, caught(String)
    }
    enum CancelID { case work }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.log.append("\(action)")
      switch action {
      case .a: return .merge(.send(.b), .send(.c))
      case .b: return .send(.d)
      case .c, .d, .stopped, .caught: return .none
      case .runSent: return .none
      case .startRun:
        return .run { send in
          await send(.runSent(1))
          await send(.runSent(2))
        }
      case .startCancellable:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.runSent(99))
        }
        .cancellable(id: CancelID.work)
      case .startInFlight:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.runSent(7))
        }
        .cancellable(id: CancelID.work, cancelInFlight: true)
      case .cancel:
        return .cancel(id: CancelID.work)
      case .startConcatenated:
        return .run { send in
          try await clock.sleep(for: .seconds(100))
          await send(.runSent(100))
        }
        .cancellable(id: CancelID.work)
        .concatenate(with: .send(.stopped))
      case .failing:
        return .run { _ in
          struct Boom: Error {}
          throw Boom()
        } catch: { error, send in
          await send(.caught("\(type(of: error))"))
        }
      }
    }
  }

  private func makeStore(clock: TestClock<Duration> = TestClock()) -> StoreOf<Feature> {
    Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  func testSendEffectIsProcessedInTheSameSendInFIFOOrder() {
    let store = makeStore()
    store.send(.a)
    XCTAssertEqual(store.state.log, ["a", "b", "c", "d"])
  }

  func testReentrantSendFromAnObserverIsQueuedAfterTheCurrentAction() {
    let store = makeStore()
    let observation = store.observe { change in
      if case .a = change.action as? Feature.Action { store.send(.d) }
    }
    store.send(.a)
    XCTAssertEqual(store.state.log, ["a", "b", "c", "d", "d"])
    observation.cancel()
  }

  func testRunEffectSendsActionsBack() async {
    let store = makeStore()
    await store.send(.startRun).finish()
    XCTAssertEqual(store.state.log, ["startRun", "runSent(1)", "runSent(2)"])
  }

  func testCancellingByIDFromAnotherAction() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.startCancellable)
    store.send(.cancel)
    await clock.advance(by: .seconds(5))
    await task.finish()
    XCTAssertEqual(store.state.log, ["startCancellable", "cancel"])
  }

  func testCancelInFlightKeepsOnlyTheLatest() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let first = store.send(.startInFlight)
    let second = store.send(.startInFlight)
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    XCTAssertEqual(store.state.log, ["startInFlight", "startInFlight", "runSent(7)"])
  }

  func testConcatenatedEffectRunsAfterTheCancelledOneCompletes() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.startConcatenated)
    XCTAssertEqual(store.state.log, ["startConcatenated"])
    store.send(.cancel)
    await task.finish()
    XCTAssertEqual(store.state.log, ["startConcatenated", "cancel", "stopped"])
  }

  func testTwoStoresWithTheSameCancelIDDoNotInterfere() async {
    let clock = TestClock()
    let one = makeStore(clock: clock)
    let two = makeStore(clock: clock)
    let task = one.send(.startCancellable)
    two.send(.cancel)
    await clock.advance(by: .seconds(1))
    await task.finish()
    XCTAssertEqual(one.state.log, ["startCancellable", "runSent(99)"])
    XCTAssertEqual(two.state.log, ["cancel"])
  }

  func testCancellingTheStoreTaskCancelsItsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.startCancellable)
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(2))
    XCTAssertEqual(store.state.log, ["startCancellable"])
  }

  func testErrorsGoToTheCatchHandler() async {
    let store = makeStore()
    await store.send(.failing).finish()
    XCTAssertEqual(store.state.log, ["failing", #"caught("Boom")"#])
  }

  func testUnhandledErrorIsARuntimeWarningAndCancellationIsSwallowed() async {
    struct Boom: Error {}
    enum Action { case go }
    let warnings = Warnings()
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { _, _ in
        .merge(
          .run { _ in throw Boom() },
          .run { _ in throw CancellationError() })
      }
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.go).finish()
    XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
    XCTAssertTrue(warnings.messages[0].contains("threw an unhandled error"), warnings.messages[0])
    XCTAssertTrue(warnings.messages[0].contains("Boom"), warnings.messages[0])
  }

  func testSendIsIgnoredAfterCancellation() async {
    enum Action { case go, tick }
    let gate = AsyncStream<Void>.makeStream()
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .go:
          return .run { send in
            for await _ in gate.stream {}
            await send(.tick)
          }
          .cancellable(id: "gate")
        case .tick:
          state += 1
          return .none
        }
      }
    }
    let task = store.send(.go)
    task.cancel()
    gate.continuation.finish()
    await task.finish()
    XCTAssertEqual(store.state, 0)
  }

  func testMapAndConcatenateOrder() async {
    enum Child: Equatable { case one, two }
    enum Parent: Equatable { case child(Child), start }
    let store = Store(initialState: [Parent]()) {
      Reduce<[Parent], Parent> { state, action in
        state.append(action)
        guard action == .start else { return .none }
        let child: Effect<Child> = .concatenate(
          .run { send in
            try await Task.sleep(nanoseconds: 1_000_000)
            await send(.one)
          },
          .send(.two))
        return child.map(Parent.child)
      }
    }
    await store.send(.start).finish()
    XCTAssertEqual(store.state, [.start, .child(.one), .child(.two)])
  }

  func testDebounceRunsOnlyTheLastEffect() async {
    enum Action: Equatable { case search(String), result(String) }
    let clock = TestClock()
    let store = Store(initialState: [String]()) {
      Reduce<[String], Action> { state, action in
        switch action {
        case .search(let query):
          return .send(.result(query)).debounce(id: "search", for: .milliseconds(300), clock: clock)
        case .result(let query):
          state.append(query)
          return .none
        }
      }
    }
    let first = store.send(.search("b"))
    await clock.advance(by: .milliseconds(100))
    let second = store.send(.search("bl"))
    await clock.advance(by: .milliseconds(100))
    let third = store.send(.search("blob"))
    await clock.advance(by: .milliseconds(300))
    for task in [first, second, third] { await task.finish() }
    XCTAssertEqual(store.state, ["blob"])
  }

  func testTaskResult() async {
    struct Failure: Error, Equatable {}
    let success = await TaskResult { 42 }
    let failure = await TaskResult<Int> { throw Failure() }
    XCTAssertEqual(success, .success(42))
    XCTAssertEqual(failure, .failure(Failure()))
    XCTAssertNotEqual(failure, .success(42))
    XCTAssertEqual(try success.value, 42)
    XCTAssertThrowsError(try failure.value)
  }
}
