// The shared-state figure's two counters: one whose count is `@Shared(.inMemory)`, one plain.

import ComposableArchitecture

/// A counter whose count is shared state, changed with `withLock` as apps change it.
@Reducer
struct SharedTally {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("navbench.tally")) var count = 0
  }
  enum Action { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.$count.withLock { $0 &+= 1 }
      return .none
    }
  }
}

/// The same counter with a plain field.
@Reducer
struct PlainTally {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count &+= 1
      return .none
    }
  }
}
