// The goals tab's screen: the daily goal's stepper, and a row per book.

import ComposableArchitecture
import HeadlessUI
import Models

/// A book's row: its title, its reading time, and Mark Finished while it is not.
public struct BookProgressRow: View {
  /// The row's store.
  public let store: StoreOf<BookProgress>

  /// A row for `store`.
  public init(store: StoreOf<BookProgress>) { self.store = store }

  /// What the screen shows.
  public var body: some View {
    HStack {
      Text(store.book.title)
      Spacer()
      Text("\(store.book.minutesRead) min")
      if store.book.status == .finished {
        Image(systemName: "checkmark.circle")
      } else {
        Button("Mark \(store.book.title) Finished") { store.send(.markFinishedButtonTapped) }
      }
    }
  }
}

/// The goals tab.
public struct GoalsView: View {
  /// The tab's store.
  @Bindable public var store: StoreOf<Goals>

  /// A screen for `store`.
  public init(store: StoreOf<Goals>) { self.store = store }

  /// What the screen shows.
  public var body: some View {
    NavigationStack {
      List {
        Section("Daily goal") {
          Stepper(
            "\(store.dailyGoalMinutes) minutes a day",
            value: $store.dailyGoalMinutes.sending(\.dailyGoalChanged), in: 5...240, step: 5)
        }
        Section("Books") {
          ForEach(store.scope(state: \.rows, action: \.rows)) { rowStore in
            BookProgressRow(store: rowStore)
          }
        }
      }
      .navigationTitle("Goals")
      .onAppear { store.send(.onAppear) }
    }
  }
}

#Preview("Goals") {
  GoalsView(store: Store(initialState: Goals.State()) { Goals() })
}
