// The seed's `ScreenC` feature (000_250009d61a67d5d9.txt, "Screen C" and "전체코드"): a timer,
// a long-living effect that is torn down when the screen leaves the stack. Copied with the import
// changed, `public` added for use from other modules, the comments translated, and the SwiftUI
// view dropped. The conformances navd needs are added at the bottom.

import Composable

// MARK: - Screen C

/// A screen on the navigation stack with a timer that ticks every second until it is stopped or
/// the screen is popped.
public struct ScreenC: Reducer {
  /// The screen's state.
  public struct State: Codable, Equatable, Hashable {
    /// The number of ticks so far.
    public var count = 0
    /// Whether the timer runs.
    public var isTimerRunning = false

    /// Creates the screen's state.
    public init(count: Int = 0, isTimerRunning: Bool = false) {
      self.count = count
      self.isTimerRunning = isTimerRunning
    }
  }

  /// The screen's actions.
  public enum Action: Equatable {
    case startButtonTapped
    case stopButtonTapped
    case timerTick
  }

  @Dependency(\.mainQueue) var mainQueue
  enum CancelID { case timer }

  /// Creates the reducer.
  public init() {}

  /// Starts, stops and counts the timer.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      state.isTimerRunning = true
      return .run { send in
        // A timer on the main queue that ticks every second.
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

// MARK: - Conformances for scripts, the wire and effects

extension ScreenC: Sendable {}
extension ScreenC.State: Sendable {}
extension ScreenC.Action: Codable, Hashable, Sendable {}
