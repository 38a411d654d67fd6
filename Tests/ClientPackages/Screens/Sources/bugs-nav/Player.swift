// A player whose "Now Playing" sheet traps on its first second, planted: only the sheet's
// `.task` runs the timer that reaches the trap, so only a walk that runs views' lifecycle finds
// it. `explore` must report it as a crash whose repro is the one tap that opens the sheet.

import ComposableArchitecture

@Reducer
struct Player {
  @ObservableState
  struct State: Equatable {
    @Presents var nowPlaying: NowPlaying.State?
  }

  enum Action {
    case nowPlaying(PresentationAction<NowPlaying.Action>)
    case playButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .nowPlaying:
        return .none
      case .playButtonTapped:
        state.nowPlaying = NowPlaying.State()
        return .none
      }
    }
    .ifLet(\.$nowPlaying, action: \.nowPlaying) { NowPlaying() }
  }
}

@Reducer
struct NowPlaying {
  @ObservableState
  struct State: Equatable {
    var seconds = 0
  }

  enum Action {
    case closeButtonTapped
    case task
    case tick
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .task:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.seconds += 1
        // planted: the first second finds the player's buffer empty
        if state.seconds == 1 { fatalError("planted: the player's buffer is empty at 0:01") }
        return .none
      }
    }
  }
}
