// The reading session's screen: the time read, the book's total, and the buttons that pause,
// resume and finish. The timer starts when the screen appears and stops when it goes away.

import ComposableArchitecture
import HeadlessUI
import Models

/// The screen of a reading session.
@ViewAction(for: ReadingSession.self)
public struct ReadingSessionView: View {
  /// The session's store.
  public let store: StoreOf<ReadingSession>

  /// A screen for `store`.
  public init(store: StoreOf<ReadingSession>) { self.store = store }

  /// What the screen shows.
  public var body: some View {
    Form {
      Section {
        Text(store.book.title)
          .font(.headline)
        LabeledMinutes(title: "This session", minutes: store.minutesElapsed)
        LabeledMinutes(title: "In total", minutes: store.book.minutesRead)
        if store.hasMetDailyGoal {
          Label("Daily goal met", systemImage: "checkmark.seal")
        }
      }
      Section {
        if store.isTimerRunning {
          Button("Pause") { send(.pauseButtonTapped) }
        } else {
          Button("Resume") { send(.startButtonTapped) }
        }
        Button("Finish") { send(.finishButtonTapped) }
      }
    }
    .navigationTitle("Reading")
    .task { await send(.task).finish() }
  }
}

/// A number of minutes with what they count, on one line.
private struct LabeledMinutes: View {
  let title: String
  let minutes: Int

  var body: some View {
    HStack {
      Text(title)
      Spacer()
      Text("\(minutes) min")
        .monospacedDigit()
    }
  }
}

#Preview("Reading session") {
  NavigationStack {
    ReadingSessionView(
      store: Store(
        initialState: ReadingSession.State(
          book: Shared(
            value: Book(isbn: "0000000000001", title: "A Preview", author: "Nobody", pageCount: 10)
          ))
      ) {
        ReadingSession()
      })
  }
}
