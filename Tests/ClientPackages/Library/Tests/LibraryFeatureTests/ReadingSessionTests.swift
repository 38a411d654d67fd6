import ComposableArchitecture
import Models
import ReadingSession
import Testing

@MainActor
@Suite struct ReadingSessionTests {
  @Test func eachFullMinuteGoesIntoTheBookOnTheShelf() async {
    @Shared(.books) var books = [Book.piranesi]
    let clock = TestClock()
    let store = TestStore(
      initialState: ReadingSession.State(book: Shared($books[id: Book.piranesi.id])!)
    ) {
      ReadingSession()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.view(.startButtonTapped)) {
      $0.isTimerRunning = true
      $0.$book.withLock { $0.status = .reading }
    }
    await clock.advance(by: .seconds(60))
    for second in 1...60 {
      await store.receive(\.timerTicked) {
        $0.secondsElapsed = second
        if second == 60 {
          $0.$book.withLock { $0.minutesRead = 1 }
        }
      }
    }
    await store.send(.view(.pauseButtonTapped)) {
      $0.isTimerRunning = false
    }
    await store.finish()
    #expect(books[id: Book.piranesi.id]?.minutesRead == 1)
    #expect(books[id: Book.piranesi.id]?.status == .reading)
  }

  @Test func aPausedTimerResumesWhereItStopped() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: ReadingSession.State(book: Shared(value: .middlemarch), secondsElapsed: 58)
    ) {
      ReadingSession()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.view(.startButtonTapped)) {
      $0.isTimerRunning = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTicked) {
      $0.secondsElapsed = 59
    }
    await store.send(.view(.pauseButtonTapped)) {
      $0.isTimerRunning = false
    }
    await clock.advance(by: .seconds(30))
    await store.send(.view(.startButtonTapped)) {
      $0.isTimerRunning = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTicked) {
      $0.secondsElapsed = 60
      $0.$book.withLock { $0.minutesRead = 96 }
    }
    await store.skipInFlightEffects()
  }

  @Test func aLongSessionMeetsTheDailyGoal() async {
    @Shared(.books) var books = [Book.earthsea]
    @Shared(.dailyGoalMinutes) var dailyGoal = 5
    let clock = TestClock()
    let store = TestStore(
      initialState: ReadingSession.State(book: Shared($books[id: Book.earthsea.id])!)
    ) {
      ReadingSession()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off

    await store.send(.view(.startButtonTapped))
    await clock.advance(by: .seconds(5 * 60))
    await store.skipReceivedActions()
    store.assert {
      $0.secondsElapsed = 300
    }
    #expect(store.state.dailyGoalMinutes == 5)
    #expect(store.state.hasMetDailyGoal)
    #expect(books[id: Book.earthsea.id]?.minutesRead == 5)

    await store.send(.view(.finishButtonTapped)) {
      $0.isTimerRunning = false
    }
    #expect(store.isDismissed)
  }
}
