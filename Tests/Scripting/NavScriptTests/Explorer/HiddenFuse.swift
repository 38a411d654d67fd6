// A fuse whose burning is not in its state: on its panel, the same use of the same screen leads
// to one screen or another depending on an effect in flight, which the explorer must notice.

import ComposableArchitecture
import HeadlessUICore

@testable import NavHosting
@testable import NavScript

@Reducer
struct HiddenFuse {
  @ObservableState
  struct State: Equatable {
    @Presents var panel: FusePanel.State?
  }

  enum Action {
    case openButtonTapped
    case panel(PresentationAction<FusePanel.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .openButtonTapped:
        state.panel = FusePanel.State()
        return .none
      case .panel:
        return .none
      }
    }
    .ifLet(\.$panel, action: \.panel) { FusePanel() }
  }
}

/// The panel the fuse is on: away from the launch screen, where the explorer's leak check would
/// let it burn down.
@Reducer
struct FusePanel {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action {
    case addButtonTapped
    case blew
    case lightButtonTapped
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.count += 1
        return .none
      case .blew:
        state.count = 100
        return .none
      case .lightButtonTapped:
        // Burns for a few steps, then blows: nothing in the state says it is lit.
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(3))
          await send(.blew)
        }
      }
    }
  }
}

struct HiddenFuseView: View {
  @Bindable var store: StoreOf<HiddenFuse>

  var body: some View {
    VStack {
      Button("Open") { store.send(.openButtonTapped) }
    }
    .navigationTitle("Fuse")
    .sheet(item: $store.scope(state: \.panel, action: \.panel)) { store in
      VStack {
        Text("Count \(store.count)")
        Button("Add") { store.send(.addButtonTapped) }
        Button("Light") { store.send(.lightButtonTapped) }
      }
      .navigationTitle("Panel")
    }
  }
}

/// The fuse as scripts launch it.
let hiddenFuse = ScriptFeature(
  name: "fuse", summary: "A fuse that blows three seconds after it is lit.",
  initialState: { HiddenFuse.State() }, reducer: { HiddenFuse() },
  view: { HiddenFuseView(store: $0)._render() })
