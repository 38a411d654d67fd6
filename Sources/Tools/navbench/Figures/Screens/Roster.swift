// Roster: the benchmarks' fixture app — a list of row stores, each with a counter, whose screen
// counts its appearances and whose rows step their bumps, so its screens use the lifecycle and
// the other uses a real app's do.

import ComposableArchitecture
import HeadlessUICore

/// A row: a name and a counter.
@Reducer
struct RosterRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var bumps = 0
  }
  enum Action { case bumpButtonTapped, unbumpButtonTapped }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .bumpButtonTapped: state.bumps += 1
      case .unbumpButtonTapped: state.bumps = max(state.bumps - 1, 0)
      }
      return .none
    }
  }
}

/// A list of rows, each its own store.
@Reducer
struct Roster {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<RosterRow.State>
    var appearances = 0
  }
  enum Action {
    case appeared
    case rows(IdentifiedActionOf<RosterRow>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .appeared = action { state.appearances = 1 }
      return .none
    }
    .forEach(\.rows, action: \.rows) { RosterRow() }
  }
}

struct RosterRowView: View {
  let store: StoreOf<RosterRow>
  var body: some View {
    HStack {
      Text("Row \(store.id)")
      Spacer()
      Text("\(store.bumps)")
      Button("Bump \(store.id)") { store.send(.bumpButtonTapped) }
      Stepper(
        "Row \(store.id) steps", onIncrement: { store.send(.bumpButtonTapped) },
        onDecrement: { store.send(.unbumpButtonTapped) })
    }
  }
}

struct RosterView: View {
  let store: StoreOf<Roster>
  var body: some View {
    NavigationStack {
      List {
        ForEach(store.scope(state: \.rows, action: \.rows)) { row in
          RosterRowView(store: row)
        }
      }
      .navigationTitle("Roster")
      .onAppear { store.send(.appeared) }
    }
  }
}
