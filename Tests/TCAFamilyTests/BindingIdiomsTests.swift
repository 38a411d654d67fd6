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
