@testable import Composable
import Synchronization
import XCTest

/// The dismissal listener a push or a presentation starts, which the store keeps as a record:
/// it must behave as TCA's waiting effect does.
final class DismissalListenerTests: XCTestCase {
  typealias Screen = StackReducerTests.Screen
  typealias Feature = StackReducerTests.Feature

  /// A flag set from another task.
  final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
  }

  /// Yields until `condition` holds or about two seconds passed; returns whether it holds.
  func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<2_000 where !condition() {
      try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
  }

  func testFinishAfterAPushWaitsUntilTheElementsLeave() async {
    let store = Store(initialState: Feature.State()) { Feature() }
    let push = store.send(.pushThree)
    XCTAssertFalse(push.isCancelled, "the push started the elements' listeners")
    let finished = Flag()
    let waiter = Task {
      await push.finish()
      finished.set()
    }
    for _ in 0..<20 { await Task.yield() }
    XCTAssertFalse(finished.isSet, "TCA's finish() waits for the listeners of a push")
    store.send(.popToRoot)
    let ended = await eventually { finished.isSet }
    XCTAssertTrue(ended, "popping the elements ended their listeners")
    await waiter.value
    XCTAssertEqual(store.effectBookkeepingCount, 0, "nothing is left in the books")
  }

  func testCancellingThePushEndsItsListenersWithoutPopping() async {
    let store = Store(initialState: Feature.State()) { Feature() }
    store.send(.pushThree).cancel()
    // The element's `dismiss()` now has nobody listening, as when TCA's listener task is
    // cancelled: the stack stays as it is.
    await store.send(.path(.element(id: 2, action: .closeButtonTapped))).finish()
    XCTAssertEqual(store.state.path.ids, [0, 1, 2])
    XCTAssertEqual(store.state.log, ["#2 closeButtonTapped count 2"])
  }

  func testDismissSendsThePopOnceAndTheBooksEmpty() async {
    let store = Store(initialState: Feature.State()) { Feature() }
    store.send(.pushThree)
    await store.send(.path(.element(id: 1, action: .closeButtonTapped))).finish()
    XCTAssertEqual(store.state.path.ids, [0])
    XCTAssertEqual(
      store.state.log, ["#1 closeButtonTapped count 1", "pop #1 while 3 on stack"])
    // The pop took element 2 with element 1; the one left dismisses itself too.
    await store.send(.path(.element(id: 0, action: .closeButtonTapped))).finish()
    XCTAssertEqual(store.state.path.ids, [])
    XCTAssertEqual(store.state.log.filter { $0.hasPrefix("pop") }.count, 2)
    XCTAssertEqual(store.effectBookkeepingCount, 0)
  }

  /// A feature whose listener is filed under a cancellable id of its own, and under a place in
  /// the navigation tree.
  struct Listening: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable { case listen, stop, leave, dismiss, dismissed }
    enum CancelID { case listener }
    @Dependency(\.cancelRelay) var relay

    static let place = NavigationIDPath().appending(
      NavigationID(kind: Listening.self, place: \State.log))
    static let path = place.appending(NavigationID(kind: Listening.self, place: nil, tag: 1))

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .listen:
        return Effect<Action>.dismissalListener(at: Self.path, sending: .dismissed)
          .cancellable(id: CancelID.listener)
      case .stop:
        return .cancel(id: CancelID.listener)
      case .leave:
        return Effect(operation: .cancelNavigation(Self.place))
      case .dismiss:
        return .run { [relay] _ in await DismissEffect(relay: relay, path: Self.path)() }
      case .dismissed:
        state.log.append("dismissed")
        return .none
      }
    }
  }

  /// Starts a listener, sends `action`, and checks that the listener ended (its send's
  /// `finish()` returns) and that a `dismiss()` after it sends nothing.
  private func assertListenerEnds(
    after action: Listening.Action, _ why: String, line: UInt = #line
  ) async {
    let store = Store(initialState: Listening.State()) { Listening() }
    let listening = store.send(.listen)
    XCTAssertGreaterThan(store.effectBookkeepingCount, 0, line: line)
    let ended = Flag()
    Task {
      await listening.finish()
      ended.set()
    }
    await store.send(action).finish()
    let finished = await eventually { ended.isSet }
    XCTAssertTrue(finished, why, line: line)
    await store.send(.dismiss).finish()
    XCTAssertEqual(store.state.log, [], "an ended listener sends nothing on dismiss", line: line)
    XCTAssertEqual(store.effectBookkeepingCount, 0, line: line)
  }

  func testCancellingTheIDAListenerIsFiledUnderEndsItWithoutSending() async {
    await assertListenerEnds(after: .stop, "cancelling the id ended the listener")
  }

  func testLeavingAPlaceEndsTheListenersBelowIt() async {
    await assertListenerEnds(after: .leave, "leaving the place ended the listener")
  }

  func testAListenerStillThereSendsOnDismissOnce() async {
    let store = Store(initialState: Listening.State()) { Listening() }
    let listening = store.send(.listen)
    await store.send(.dismiss).finish()
    await listening.finish()
    await store.send(.dismiss).finish()
    XCTAssertEqual(store.state.log, ["dismissed"])
  }

  /// A feature that runs a listener inside a concatenated effect, so the store meets it in an
  /// effect task rather than as a send returns.
  struct Concatenated: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable { case start, startAfterDismiss, dismiss, dismissed, after }
    @Dependency(\.cancelRelay) var relay

    static let path = NavigationIDPath().appending(
      NavigationID(kind: Concatenated.self, place: \State.log))

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return Effect<Action>.run { _ in }
          .concatenate(with: .dismissalListener(at: Self.path, sending: .dismissed))
          .concatenate(with: .send(.after))
      case .startAfterDismiss:
        // `dismiss()` comes before the listener part begins: it sends at once.
        return Effect<Action>.run { [relay] _ in
          await DismissEffect(relay: relay, path: Self.path)()
        }
        .concatenate(with: .dismissalListener(at: Self.path, sending: .dismissed))
        .concatenate(with: .send(.after))
      case .dismiss:
        return .run { [relay] _ in await DismissEffect(relay: relay, path: Self.path)() }
      case .dismissed, .after:
        state.log.append("\(action)")
        return .none
      }
    }
  }

  func testAListenerInsideAnEffectTaskWaitsForDismissThenTheRestRuns() async {
    let store = Store(initialState: Concatenated.State()) { Concatenated() }
    let started = store.send(.start)
    let waiting = await eventually { store.effectBookkeepingCount > 0 }
    XCTAssertTrue(waiting)
    for _ in 0..<20 { await Task.yield() }
    XCTAssertEqual(store.state.log, [], "the part after the listener waits for it")
    await store.send(.dismiss).finish()
    await started.finish()
    XCTAssertEqual(store.state.log, ["dismissed", "after"])
  }

  func testADismissBeforeTheListenerBeginsStillSends() async {
    let store = Store(initialState: Concatenated.State()) { Concatenated() }
    await store.send(.startAfterDismiss).finish()
    XCTAssertEqual(store.state.log, ["dismissed", "after"])
  }

  func testCancellingAWaitingListenerInATaskLetsTheRestRunWithoutSending() async {
    let store = Store(initialState: Concatenated.State()) { Concatenated() }
    let started = store.send(.start)
    let waiting = await eventually { store.effectBookkeepingCount > 0 }
    XCTAssertTrue(waiting)
    started.cancel()
    await started.finish()
    XCTAssertEqual(store.state.log, [], "a cancelled listener sends nothing, nor does the rest")
  }
}
