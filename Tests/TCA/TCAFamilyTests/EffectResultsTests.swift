// TCA 1.25's effect idioms with `import ComposableArchitecture` alone: an async `Result` handed
// to an action, received by its `\.response.success` case path; actions and alert buttons sent
// with an animation.

import ComposableArchitecture
import Testing

@Reducer
private struct Fetcher {
  @ObservableState
  struct State: Equatable {
    var value: Int?
    @Presents var alert: AlertState<Action.Alert>?
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case fetch
    case response(Result<Int, any Error>)
    @CasePathable enum Alert: Equatable { case retry }
  }
  struct Failure: Error {}
  var fails = false
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.retry)), .fetch:
        return .run { [fails, clock] send in
          let result = await Result {
            try await clock.sleep(for: .seconds(1))
            if fails { throw Failure() }
            return 42
          }
          await send(.response(result), animation: .default)
        }
      case .alert:
        return .none
      case .response(.success(let value)):
        state.value = value
        return .none
      case .response(.failure):
        state.alert = AlertState {
          TextState("Could not fetch")
        } actions: {
          ButtonState(action: .send(.retry, animation: .easeInOut)) { TextState("Retry") }
        }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor
@Test func anAsyncResultIsReceivedByItsSuccessCasePath() async {
  let store = TestStore(initialState: Fetcher.State()) { Fetcher() }
  await store.send(.fetch)
  await store.clock.advance(by: .seconds(1))
  await store.receive(\.response.success) { $0.value = 42 }
}

@MainActor
@Test func aFailureShowsAnAlertWhoseButtonSendsWithAnAnimation() async {
  let store = TestStore(initialState: Fetcher.State()) { Fetcher(fails: true) }
  await store.send(.fetch)
  await store.clock.advance(by: .seconds(1))
  await store.receive(\.response.failure) {
    $0.alert = AlertState {
      TextState("Could not fetch")
    } actions: {
      ButtonState(action: .retry) { TextState("Retry") }
    }
  }
  #expect(store.state.alert?.buttons.first?.action == .retry)
  store.exhaustivity = .off
  await store.send(\.alert.retry)
  await store.clock.advance(by: .seconds(1))
  await store.receive(\.response.failure)
}
