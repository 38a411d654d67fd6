import Composable
import Foundation
import Synchronization
import XCTest

final class StoreTests: XCTestCase {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable {
      case increment
      case noop
      case incrementViaSend
      case incrementManyTimes(Int)
      case sleepThenIncrement
      case spin
    }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .noop:
        return .none
      case .incrementViaSend:
        return .send(.increment)
      case .incrementManyTimes(let times):
        return .run { send in
          for _ in 0..<times {
            await Task.yield()
            await send(.increment)
          }
        }
      case .sleepThenIncrement:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.increment)
        }
      case .spin:
        return .run { _ in
          while !Task.isCancelled { await Task.yield() }
        }
      }
    }
  }

  /// One processed action as an observer saw it.
  struct Seen: Equatable {
    var action: Counter.Action?
    var count: Int
    var version: UInt64
    var stateChanged: Bool

    init(_ action: Counter.Action?, _ count: Int, _ version: UInt64, _ stateChanged: Bool) {
      self.action = action
      self.count = count
      self.version = version
      self.stateChanged = stateChanged
    }

    init(_ change: StoreChange<Counter.State>) {
      self.init(
        change.action as? Counter.Action, change.state.count, change.version, change.stateChanged)
    }
  }

  private func makeStore(clock: TestClock<Duration> = TestClock()) -> StoreOf<Counter> {
    Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  // MARK: - Sending and reading

  func testSendIsSynchronousAndVersionCountsOnlyRealChanges() {
    let store = makeStore()
    XCTAssertEqual(store.version, 0)

    store.send(.increment)
    XCTAssertEqual(store.state.count, 1)
    XCTAssertEqual(store.withState { $0.count * 10 }, 10)
    XCTAssertEqual(store.version, 1)

    store.send(.noop)
    XCTAssertEqual(store.state.count, 1)
    XCTAssertEqual(store.version, 1, "an action that changes nothing leaves the version alone")

    store.send(.incrementViaSend)
    XCTAssertEqual(store.state.count, 2, "the .send effect ran in the same send")
    XCTAssertEqual(store.version, 2)
  }

  func testVersionCountsEveryActionWhenStateIsNotEquatable() {
    struct State { var count = 0 }
    enum Action { case increment, noop }
    let store = Store(initialState: State()) {
      Reduce<State, Action> { state, action in
        if case .increment = action { state.count += 1 }
        return .none
      }
    }
    var changed: [Bool] = []
    let observation = store.observe { changed.append($0.stateChanged) }
    store.send(.increment)
    store.send(.noop)
    observation.cancel()

    XCTAssertEqual(store.state.count, 1)
    XCTAssertEqual(store.version, 2)
    XCTAssertEqual(changed, [true, true])
  }

  // MARK: - Observing

  func testObserveSeesEveryProcessedActionUntilCancelled() {
    let store = makeStore()
    let seen = Mutex<[Seen]>([])
    let observation = store.observe { change in seen.withLock { $0.append(Seen(change)) } }

    store.send(.increment)
    store.send(.noop)
    store.send(.incrementViaSend)
    XCTAssertEqual(
      seen.withLock { $0 },
      [
        Seen(.increment, 1, 1, true),
        Seen(.noop, 1, 1, false),
        Seen(.incrementViaSend, 1, 1, false),
        Seen(.increment, 2, 2, true),
      ])

    observation.cancel()
    store.send(.increment)
    XCTAssertEqual(seen.withLock { $0.count }, 4)
    XCTAssertEqual(store.state.count, 3)
  }

  /// The history's hook: every processed action with the state after it and its origin, before
  /// the observers, a replaced state included, until the observation is cancelled.
  func testARecorderSeesEveryActionWithItsStateBeforeTheObservers() {
    final class Recorder: StoreChangeRecorder, @unchecked Sendable {
      var seen: [(action: String, count: Int, version: UInt64, changed: Bool)] = []
      var origins: [StoreChangeOrigin] = []
      func record(
        action: Any, state: UnsafeRawPointer, version: UInt64, changed: Bool,
        origin: StoreChangeOrigin
      ) {
        let count = state.assumingMemoryBound(to: Counter.State.self).pointee.count
        seen.append(("\(action)", count, version, changed))
        origins.append(origin)
      }
    }
    let store = makeStore()
    let recorder = Recorder()
    let recorded = store.record(into: recorder)
    let recordedBeforeObserver = Mutex<[Int]>([])
    let observation = store.observe { _ in
      recordedBeforeObserver.withLock { $0.append(recorder.seen.count) }
    }
    store.send(.increment)
    store.send(.incrementViaSend)
    store.replaceState(with: Counter.State(count: 40), marker: "jump", timeout: .seconds(1))
    XCTAssertEqual(
      recorder.seen.map(\.action), ["increment", "incrementViaSend", "increment", "jump"])
    XCTAssertEqual(recorder.seen.map(\.count), [1, 1, 2, 40])
    XCTAssertEqual(recorder.seen.map(\.version), [1, 1, 2, 3])
    XCTAssertEqual(recorder.seen.map(\.changed), [true, false, true, true])
    XCTAssertEqual(recorder.origins, [.send, .send, .effect, .replacement])
    XCTAssertEqual(recordedBeforeObserver.withLock { $0 }, [1, 2, 3, 4])

    recorded.cancel()
    store.send(.increment)
    XCTAssertEqual(recorder.seen.count, 4)
    withExtendedLifetime(observation) {}
  }

  func testObservationStopsWhenReleased() {
    let store = makeStore()
    let calls = Mutex(0)
    do {
      let observation = store.observe { _ in calls.withLock { $0 += 1 } }
      store.send(.increment)
      withExtendedLifetime(observation) {}
    }
    store.send(.increment)
    store.send(.increment)

    XCTAssertEqual(calls.withLock { $0 }, 1)
    XCTAssertEqual(store.state.count, 3)
  }

  func testObserversSeeEffectActionsSentFromOtherThreads() async {
    let store = makeStore()
    let seen = Mutex<[Seen]>([])
    let observation = store.observe { change in seen.withLock { $0.append(Seen(change)) } }

    await store.send(.incrementManyTimes(3)).finish()
    observation.cancel()

    XCTAssertEqual(
      seen.withLock { $0 },
      [
        Seen(.incrementManyTimes(3), 0, 0, false),
        Seen(.increment, 1, 1, true),
        Seen(.increment, 2, 2, true),
        Seen(.increment, 3, 3, true),
      ])
  }

  func testChangesStreamYieldsEachChange() async {
    let store = makeStore()
    let changes = store.changes
    store.send(.increment)
    store.send(.noop)
    store.send(.incrementViaSend)

    var seen: [Seen] = []
    for await change in changes {
      seen.append(Seen(change))
      if seen.count == 4 { break }
    }
    XCTAssertEqual(
      seen,
      [
        Seen(.increment, 1, 1, true),
        Seen(.noop, 1, 1, false),
        Seen(.incrementViaSend, 1, 1, false),
        Seen(.increment, 2, 2, true),
      ])
  }

  func testChangesStreamStartsWithTheNextChange() async {
    let store = makeStore()
    store.send(.increment)
    let changes = store.changes
    store.send(.increment)

    var iterator = changes.makeAsyncIterator()
    let first = await iterator.next()
    XCTAssertEqual(first.map(Seen.init), Seen(.increment, 2, 2, true))
  }

  // MARK: - Concurrency

  func testConcurrentSendersFromThreadsLoseNoAction() {
    let store = makeStore()
    let versions = Mutex<[UInt64]>([])
    let observation = store.observe { change in versions.withLock { $0.append(change.version) } }

    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<500 { store.send(.increment) }
    }
    observation.cancel()

    XCTAssertEqual(store.state.count, 2_000)
    XCTAssertEqual(store.version, 2_000)
    XCTAssertEqual(versions.withLock { $0 }, Array(1...2_000), "one at a time, in order")
  }

  func testConcurrentSendersFromTasksAndEffectsLoseNoAction() async {
    let store = makeStore()
    let first = store.send(.incrementManyTimes(250))
    let second = store.send(.incrementManyTimes(250))
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<250 {
            store.send(.increment)
            await Task.yield()
          }
        }
      }
    }
    await first.finish()
    await second.finish()

    XCTAssertEqual(store.state.count, 1_500)
    XCTAssertEqual(store.version, 1_500)
  }

  // MARK: - Settling

  func testSettleWaitsForRunEffects() async {
    let store = makeStore()
    store.send(.incrementManyTimes(50))

    let settled = await store.settle()

    XCTAssertTrue(settled)
    XCTAssertTrue(store.isSettled)
    XCTAssertEqual(store.state.count, 50)
  }

  func testAnEffectSuspendedOnAClockIsSettled() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.sleepThenIncrement)

    let settled = await store.settle()
    XCTAssertTrue(settled)
    XCTAssertEqual(clock.sleeperCount, 1)
    XCTAssertEqual(store.state.count, 0)

    await clock.advance(by: .seconds(1)) { await store.settle() }
    XCTAssertEqual(store.state.count, 1)
    await task.finish()
  }

  func testSettleGivesUpOnABusyEffect() async {
    let store = makeStore()
    let task = store.send(.spin)

    let settled = await store.settle(timeout: .milliseconds(50))
    XCTAssertFalse(settled)
    XCTAssertFalse(store.isSettled)

    task.cancel()
    await task.finish()
    let settledAfterCancel = await store.settle()
    XCTAssertTrue(settledAfterCancel)
  }

  func testSettleBlocking() {
    let store = makeStore()
    store.send(.incrementManyTimes(50))

    XCTAssertTrue(store.settleBlocking())
    XCTAssertTrue(store.isSettled)
    XCTAssertEqual(store.state.count, 50)
  }

  // MARK: - Independence

  func testTwoStoresRunIndependently() async {
    let clockA = TestClock()
    let clockB = TestClock()
    let storeA = makeStore(clock: clockA)
    let storeB = makeStore(clock: clockB)

    storeA.send(.increment)
    XCTAssertEqual(storeA.state.count, 1)
    XCTAssertEqual(storeB.state.count, 0)
    XCTAssertEqual(storeB.version, 0)

    storeA.send(.sleepThenIncrement)
    storeB.send(.sleepThenIncrement)
    await clockA.advance(by: .seconds(1)) { await storeA.settle() }
    XCTAssertEqual(storeA.state.count, 2)
    XCTAssertEqual(storeB.state.count, 0, "B sleeps on its own clock")

    storeA.send(.sleepThenIncrement)
    storeA.cancelAllEffects()
    await clockA.advance(by: .seconds(1)) { await storeA.settle() }
    await clockB.advance(by: .seconds(1)) { await storeB.settle() }
    XCTAssertEqual(storeA.state.count, 2, "A's effects were cancelled")
    XCTAssertEqual(storeB.state.count, 1, "cancelling A's effects left B's running")
  }

  func testABusyStoreDoesNotHoldUpAnother() async {
    let busy = makeStore()
    let other = makeStore()
    let spinning = busy.send(.spin)

    other.send(.incrementManyTimes(20))
    let otherSettled = await other.settle(timeout: .seconds(5))

    XCTAssertTrue(otherSettled)
    XCTAssertEqual(other.state.count, 20)
    XCTAssertFalse(busy.isSettled, "the busy store's effect is still running")
    spinning.cancel()
    await spinning.finish()
  }

  // MARK: - Dependencies

  func testDependenciesReachTheReducerAndItsEffects() async {
    struct Feature: Reducer {
      struct State: Equatable {
        var ids: [UUID] = []
        var dates: [Date] = []
      }
      enum Action: Equatable { case make, made(UUID, Date) }
      @Dependency(\.uuid) var uuid
      @Dependency(\.date) var date

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .make:
          state.ids.append(uuid())
          return .run { send in
            await Task.yield()
            await send(.made(uuid(), date.now))
          }
        case .made(let id, let madeAt):
          state.ids.append(id)
          state.dates.append(madeAt)
          state.dates.append(date())
          return .none
        }
      }
    }
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let store = Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(now)
    }

    await store.send(.make).finish()

    XCTAssertEqual(
      store.state.ids.map(\.uuidString),
      ["00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001"])
    XCTAssertEqual(store.state.dates, [now, now])
  }
}
