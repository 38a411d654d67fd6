// Bindings as TCA 1.25 features write them, with `import ComposableArchitecture` alone: a view
// action enum's bindings applied by `BindingReducer(action: \.view)`, and a reducer reacting to
// one field's binding with `case .view(.binding(\.isOn))`.

import ComposableArchitecture
import Testing

@Reducer
private struct Settings {
  @ObservableState
  struct State: Equatable {
    var isOn = false
    var name = ""
    var changes = 0
  }
  enum Action: ViewAction {
    case view(View)
    @CasePathable
    enum View: BindableAction {
      case binding(BindingAction<State>)
    }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .view(.binding(\.isOn)):
        state.changes += 1
        return .none
      case .view(.binding):
        return .none
      }
    }
  }
}

@MainActor
@Test func viewBindingsAreAppliedAndMatchedByKeyPath() async {
  let store = TestStore(initialState: Settings.State()) { Settings() }
  await store.send(.view(.binding(.set(\.isOn, true)))) {
    $0.isOn = true
    $0.changes = 1
  }
  await store.send(.view(.binding(.set(\.name, "Blob")))) {
    $0.name = "Blob"
  }
}

@MainActor
@Test func aBindableActionSetsAFieldByItsKeyPath() async {
  let store = TestStore(initialState: Settings.State()) { Settings() }
  await store.send(.view(.set(\.isOn, true))) {
    $0.isOn = true
    $0.changes = 1
  }
}

@Reducer
private struct Volume {
  @ObservableState
  struct State: Equatable { var level = 0 }
  enum Action: BindableAction { case binding(BindingAction<State>) }
  var body: some ReducerOf<Self> { BindingReducer() }
}

@MainActor
@Test func writingThroughAStoreSendsTheBindingAction() {
  let store = Store(initialState: Volume.State()) { Volume() }
  store.level = 7
  #expect(store.level == 7)
  let settings = Store(initialState: Settings.State()) { Settings() }
  settings.name = "Blob"
  settings.isOn = true
  #expect(settings.name == "Blob")
  #expect(settings.state.changes == 1)
}
