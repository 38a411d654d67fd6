// `@Reducer enum` with members written by hand, as TCA allows: the macro generates only the
// State, Action, body, CaseScope and scope the enum does not declare itself.

import ComposableArchitecture
import Testing

@Reducer
private struct Counter {
  @ObservableState
  struct State: Equatable, Hashable { var count = 0 }
  enum Action: Equatable { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      @Dependency(\.uuid) var uuid
      state.count += 1
      _ = uuid()
      return .none
    }
  }
}

/// A destination whose `Action` is written by hand.
@Reducer
private enum Destination {
  case counter(Counter)
  case alert(AlertState<Alert>)

  @CasePathable
  enum Action {
    case counter(Counter.Action)
    case alert(Alert)
  }
  enum Alert: Equatable { case confirm }
}

/// A stack element whose `body` is written by hand: its counter runs with incrementing ids; its
/// `State` is `Equatable` by the macro's argument.
@Reducer(state: .equatable)
private enum Path {
  case counter(Counter)

  static var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) {
      Counter().dependency(\.uuid, .incrementing)
    }
  }
}

extension Destination.State: Equatable {}

/// An enum reducer whose generated `State` and `Action` conform as its arguments ask.
@Reducer(state: .equatable, .hashable, action: .equatable)
private enum Sheet {
  case counter(Counter)
}

@Reducer
private struct Parent {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    var path = StackState<Path.State>()
  }
  enum Action {
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Path>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$destination, action: \.destination) { Destination.body }
      .forEach(\.path, action: \.path)
  }
}

@MainActor
@Test func handWrittenMembersOfAnEnumReducerAreKept() async {
  let store = TestStore(
    initialState: Parent.State(
      destination: .counter(Counter.State()), path: [.counter(Counter.State())])
  ) {
    Parent()
  } withDependencies: {
    $0.uuid = .incrementing
  }
  await store.send(\.destination.counter.increment) {
    $0.destination = .counter(Counter.State(count: 1))
  }
  await store.send(\.path[id: 0].counter.increment) {
    $0.path[id: 0] = .counter(Counter.State(count: 1))
  }
}

@Test func theMacrosArgumentsMakeTheGeneratedTypesConform() {
  let state: Sheet.State = .counter(Counter.State(count: 1))
  #expect(Set([state, state]).count == 1)
  #expect(Sheet.Action.counter(.increment) == .counter(.increment))
}
