import ComposableArchitecture

// A macro-era counter with an ignored property: what reflection must name by its properties.
@Reducer
struct ObservedCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    @ObservationStateIgnored var label = "c"
    init() {}
  }
  enum Action {
    case incrementButtonTapped
  }
  init() {}
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}
