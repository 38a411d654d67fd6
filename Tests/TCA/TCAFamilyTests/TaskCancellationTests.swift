// Cancellation from inside effects, as TCA's API has it: `withTaskCancellation(id:)` files work
// that `.cancel(id:)` or `Task.cancel(id:)` ends, and `cancelInFlight` ends the work before it.

import ComposableArchitecture
import Testing

@Reducer
private struct Downloader {
  @ObservableState
  struct State: Equatable { var finished: [Int] = [] }
  enum Action: Equatable {
    case start(Int)
    case finished(Int)
    case stopTapped
    case stopFromAnEffect
  }
  enum CancelID { case download }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start(let number):
        return .run { [clock] send in
          try await withTaskCancellation(id: CancelID.download, cancelInFlight: true) {
            try await clock.sleep(for: .seconds(10))
          }
          await send(.finished(number))
        }
      case .finished(let number):
        state.finished.append(number)
        return .none
      case .stopTapped:
        return .cancel(id: CancelID.download)
      case .stopFromAnEffect:
        return .run { _ in Task.cancel(id: CancelID.download) }
      }
    }
  }
}

/// A downloader's test store, on a test clock the test advances.
@MainActor
private func downloader() -> (TestStoreOf<Downloader>, TestClock<Duration>) {
  let clock = TestClock()
  let store = TestStore(initialState: Downloader.State()) {
    Downloader()
  } withDependencies: {
    $0.continuousClock = clock
  }
  return (store, clock)
}

@MainActor
@Suite
struct TaskCancellationTests {
  @Test func workFiledUnderAnIDRunsToTheEndUnlessCancelled() async {
    let (store, clock) = downloader()
    await store.send(.start(1))
    await clock.advance(by: .seconds(10))
    await store.receive(.finished(1)) { $0.finished = [1] }
  }

  @Test func cancelByIDEndsTheWork() async {
    let (store, clock) = downloader()
    await store.send(.start(1))
    await store.send(.stopTapped)
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func taskCancelFromAnotherEffectEndsTheWork() async {
    let (store, clock) = downloader()
    await store.send(.start(1))
    await store.send(.stopFromAnEffect)
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func cancelInFlightEndsTheWorkBefore() async {
    let (store, clock) = downloader()
    await store.send(.start(1))
    await store.send(.start(2))
    await clock.advance(by: .seconds(10))
    await store.receive(.finished(2)) { $0.finished = [2] }
  }
}
