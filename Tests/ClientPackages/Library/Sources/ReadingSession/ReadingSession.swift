// ReadingSession: a timed reading session on one book. Every full minute goes into the book's
// reading time on the shelf, so the detail and the list show it while the session runs.

import ComposableArchitecture
import Models

/// A timer the reader starts and pauses while reading a book, which adds each full minute to it.
@Reducer
public struct ReadingSession {
  /// The book, the time read in this session, and whether the timer runs.
  @ObservableState
  public struct State: Equatable {
    /// The book on the shelf, shared with the list and the detail.
    @Shared public var book: Book
    /// The reader's daily goal in minutes.
    @SharedReader(.dailyGoalMinutes) public var dailyGoalMinutes
    /// The seconds read in this session.
    public var secondsElapsed = 0
    /// Whether the timer is running.
    public var isTimerRunning = false

    /// The full minutes read in this session.
    public var minutesElapsed: Int { secondsElapsed / 60 }

    /// Whether this session alone met the daily goal.
    public var hasMetDailyGoal: Bool { minutesElapsed >= dailyGoalMinutes }

    /// A session on `book`, not started.
    public init(book: Shared<Book>, secondsElapsed: Int = 0, isTimerRunning: Bool = false) {
      self._book = book
      self.secondsElapsed = secondsElapsed
      self.isTimerRunning = isTimerRunning
    }
  }

  /// What the session's buttons and its timer send.
  public enum Action: ViewAction, Sendable {
    /// A second of the timer.
    case timerTicked
    /// The session's buttons.
    case view(View)

    /// The buttons the screen shows.
    @CasePathable
    public enum View: Equatable, Sendable {
      /// Done: stops the timer and leaves the session.
      case finishButtonTapped
      /// Pauses the timer.
      case pauseButtonTapped
      /// Starts, or resumes, the timer.
      case startButtonTapped
      /// The session's screen appeared: the timer starts, and lasts while the screen is shown.
      case task
    }
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  /// Makes the session's reducer.
  public init() {}

  /// The timer, and each full minute into the book.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .timerTicked:
        state.secondsElapsed += 1
        if state.secondsElapsed.isMultiple(of: 60) {
          state.$book.withLock { $0.minutesRead += 1 }
        }
        return .none

      case .view(.finishButtonTapped):
        state.isTimerRunning = false
        return .merge(
          .cancel(id: CancelID.timer),
          .run { [dismiss] _ in await dismiss() }
        )

      case .view(.pauseButtonTapped):
        state.isTimerRunning = false
        return .cancel(id: CancelID.timer)

      case .view(.startButtonTapped), .view(.task):
        guard !state.isTimerRunning else { return .none }
        state.isTimerRunning = true
        if state.book.status == .wantToRead {
          state.$book.withLock { $0.status = .reading }
        }
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      }
    }
  }
}
