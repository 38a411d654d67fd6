// The seed's `ScreenC` feature (000_250009d61a67d5d9.txt, "전체코드"), copied with only the
// import changed and the SwiftUI view dropped.

import Composable

// MARK: - Screen C

struct ScreenC: Reducer {
  struct State: Codable, Equatable, Hashable {
    var count = 0
    var isTimerRunning = false
  }

  enum Action: Equatable {
    case startButtonTapped
    case stopButtonTapped
    case timerTick
  }

  @Dependency(\.mainQueue) var mainQueue
  enum CancelID { case timer }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      state.isTimerRunning = true
      return .run { send in
        // The main queue's timer ticks every second.
        for await _ in self.mainQueue.timer(interval: 1) {
          await send(.timerTick)
        }
      }
      .cancellable(id: CancelID.timer)
      .concatenate(with: .send(.stopButtonTapped))  // sent once the timer completes or is cancelled

    case .stopButtonTapped:
      state.isTimerRunning = false
      return .cancel(id: CancelID.timer)

    case .timerTick:
      state.count += 1
      return .none
    }
  }
}
