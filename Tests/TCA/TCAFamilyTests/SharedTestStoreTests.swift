// A test store asserts shared state as TCA's does: `$0.$count.withLock { … }` in the assertion
// describes the change, a change left unasserted or asserted wrongly fails the test, and two
// stores that share a key see each other's writes.

import ComposableArchitecture
import Testing

@Reducer
private struct SharedCounter {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var log: [String] = []
  }

  enum Action: Equatable {
    case incrementTapped
    case incrementLater
    case logged(String)
    case noteTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementLater:
        return .run { send in await send(.logged("later")) }
      case .logged(let line):
        state.log.append(line)
        state.$count.withLock { $0 += 10 }
        return .none
      case .noteTapped:
        state.log.append("note")
        return .none
      }
    }
  }
}

@MainActor
@Suite
struct SharedTestStoreTests {
  @Test func anAssertedSharedChangePasses() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementTapped) { $0.$count.withLock { $0 = 1 } }
    await store.send(.incrementTapped) { $0.$count.withLock { $0 = 2 } }
    #expect(store.state.count == 2)
  }

  @Test func anUnassertedSharedChangeFails() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.incrementTapped)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("State was not expected to change") && text.contains("count: 1")
    }
  }

  @Test func aWrongSharedExpectationFailsWithADiff() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.incrementTapped) { $0.$count.withLock { $0 = 5 } }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("−   count: 5") && text.contains("+   count: 1")
    }
  }

  @Test func aSharedChangeMadeByAReceivedActionIsAssertedWhenReceived() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementLater)
    await store.receive(.logged("later")) {
      $0.log = ["later"]
      $0.$count.withLock { $0 = 10 }
    }
  }

  @Test func nonExhaustiveStoresSkipSharedChangesTheyDoNotMention() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    await store.send(.incrementTapped)
    await store.send(.noteTapped) { $0.log = ["note"] }
    #expect(store.state.count == 1)
  }

  @Test func theTestsSharedValueIsTheStoresSharedValue() async {
    @Shared(.inMemory("count")) var count = 40
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementTapped) { $0.$count.withLock { $0 = 41 } }
    #expect(count == 41)
  }

  @Test func twoStoresSharingAKeySeeEachOthersWrites() async {
    let first = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let second = Store(initialState: SharedCounter.State()) { SharedCounter() }
    first.send(.incrementTapped)
    first.send(.incrementTapped)
    #expect(second.count == 2)
    second.send(.incrementTapped)
    #expect(first.count == 3)
  }
}

@Reducer
private struct Pinger {
  @ObservableState
  struct State: Equatable { var pongs = 0 }
  enum Action: Equatable {
    case ping
    case pong
    case forever
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .ping:
        return .run { send in await send(.pong) }
      case .pong:
        state.pongs += 1
        return .none
      case .forever:
        return .run { [clock] _ in try await clock.sleep(for: .seconds(60)) }
      }
    }
  }
}

@MainActor
@Suite
struct TestStoreTaskTests {
  @Test func finishWithATimeoutWaitsForTheEffects() async {
    let store = TestStore(initialState: Pinger.State()) { Pinger() }
    await store.send(.ping).finish(timeout: .seconds(1))
    await store.receive(.pong) { $0.pongs = 1 }
    await store.send(.ping).finish()
    await store.receive(.pong) { $0.pongs = 2 }
  }

  @Test func finishWithATimeoutFailsWhileAnEffectRuns() async {
    let store = TestStore(initialState: Pinger.State()) { Pinger() }
    let task = await store.send(.forever)
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(50))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Expected task to finish")
    }
    await task.cancel()
  }
}

@MainActor
@Test func theStateTypeComesFromTheReducerWhenTheStateIsWrittenDotInit() async {
  let store = TestStore(initialState: .init()) { Pinger() }
  await store.send(.ping)
  await store.receive(.pong) { $0.pongs = 1 }
}

@Reducer
private struct Closable {
  @ObservableState
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable {
    case appeared
    case closeTapped
  }
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .appeared:
        return .run { [clock] _ in try await clock.sleep(for: .seconds(3600)) }
      case .closeTapped:
        return .run { [dismiss] _ in await dismiss() }
      }
    }
  }
}

@MainActor
@Suite
struct DismissedTestStoreTests {
  @Test func aFeatureThatDismissesItselfEndsItsEffectsAndTakesNoMoreActions() async {
    let store = TestStore(initialState: Closable.State()) { Closable() }
    await store.send(.appeared)
    await store.send(.closeTapped)
    #expect(store.isDismissed)
    await withKnownIssue {
      await store.send(.appeared)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Can't send action to dismissed test store.")
    }
    // The hour-long effect was cancelled with the dismissal: finish has nothing to wait for.
    await store.finish()
  }

  @Test func assertingAnUnchangedStateIsNoFailure() async {
    let store = TestStore(initialState: Closable.State()) { Closable() }
    store.assert { $0.ticks = 0 }
  }

  @Test func theStateIsTheAssertedOneUntilAReceivedActionIsAsserted() async {
    let store = TestStore(initialState: Pinger.State()) { Pinger() }
    await store.send(.ping)
    #expect(store.state.pongs == 0)
    await store.receive(.pong) { $0.pongs = 1 }
    #expect(store.state.pongs == 1)
  }
}
