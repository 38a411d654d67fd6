// A dial with four bugs planted, one of each kind the explorer finds in one process (a crash
// needs the explore command's child process; scripts/test-explore checks that one).

import ComposableArchitecture
import HeadlessUICore
import XCTest

@testable import NavHosting
@testable import NavScript

@Reducer
struct PlantedDial {
  @ObservableState
  struct State: Equatable {
    var level = 1
    @Presents var lock: DialLock.State?
  }

  enum Action {
    case humButtonTapped
    case hummed
    case lock(PresentationAction<DialLock.Action>)
    case lockButtonTapped
    case pokeButtonTapped
    case turnDownButtonTapped
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .humButtonTapped:
        // Planted: an effect that never ends, started at the root.
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(3600))
            await send(.hummed)
          }
        }
      case .lockButtonTapped:
        state.lock = DialLock.State()  // Planted: a cover with no way out.
        return .none
      case .pokeButtonTapped:
        // Planted: an action for a lock that is not there.
        return .send(.lock(.presented(.spin)))
      case .turnDownButtonTapped:
        state.level -= 1  // Planted: goes below zero.
        return .none
      case .hummed, .lock:
        return .none
      }
    }
    .ifLet(\.$lock, action: \.lock) { DialLock() }
  }
}

@Reducer
struct DialLock {
  @ObservableState
  struct State: Equatable {
    var turns = 0
  }
  enum Action { case spin }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.turns += 1
      return .none
    }
  }
}

struct PlantedDialView: View {
  @Bindable var store: StoreOf<PlantedDial>

  var body: some View {
    VStack {
      Text("Level \(store.level)")
      Button("Turn down") { store.send(.turnDownButtonTapped) }
      Button("Poke") { store.send(.pokeButtonTapped) }
      Button("Hum") { store.send(.humButtonTapped) }
      Button("Lock") { store.send(.lockButtonTapped) }
    }
    .navigationTitle("Dial")
    .fullScreenCover(item: $store.scope(state: \.lock, action: \.lock)) { store in
      Button("Spin") { store.send(.spin) }
        .navigationTitle("Locked")
    }
  }
}

/// The dial as scripts launch it.
let plantedDial = ScriptFeature(
  name: "dial", summary: "A dial with four bugs planted.",
  initialState: { PlantedDial.State() }, reducer: { PlantedDial() },
  view: { PlantedDialView(store: $0)._render() })

/// The dial's invariant, in a file of its own.
func dialInvariants(_ test: XCTestCase) throws -> String {
  let file = try temporaryDirectory(test).appendingPathComponent("invariants.lua")
  try """
  navd.invariant("the level is never negative", function(s) return s.level >= 0 end)
  """.write(to: file, atomically: true, encoding: .utf8)
  return file.path
}
