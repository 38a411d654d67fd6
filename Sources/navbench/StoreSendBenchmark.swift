import Composable

// `Store.send` of a leaf action through three nested `Scope`s, against calling the same reducer
// tree's `reduce(into:action:)` directly on a local state.
//
// Both sides re-evaluate every `body` per action, as TCA does, so both pay for building the
// `Scope`s and their `/Action.case` paths; the ratio is what the store adds on top: its lock,
// action queue, dependency scope, change detection and effect handling.

// MARK: - Features

/// The innermost feature: a counter.
struct LeafFeature: Reducer {
  /// The counter's state.
  struct State: Equatable {
    var count = 0
  }

  /// The counter's buttons.
  enum Action {
    case increment
    case decrement
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count &+= 1
    case .decrement: state.count &-= 1
    }
    return .none
  }
}

/// A screen that holds the counter, with logic of its own beside it.
struct ScreenBFeature: Reducer {
  /// The screen's state: the counter and a title.
  struct State: Equatable {
    var leaf = LeafFeature.State()
    var title = "Screen B, holding the counter"
  }

  /// The screen's actions: the counter's, and its own.
  enum Action {
    case leaf(LeafFeature.Action)
    case titleChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .titleChanged(let title):
        state.title = title
        return .none
      case .leaf:
        return .none
      }
    }
    Scope(state: \.leaf, action: /Action.leaf) { LeafFeature() }
  }
}

/// The middle feature, with screen B's state in a property (scoped by key path).
struct ScreenAFeature: Reducer {
  /// The middle state: screen B and a flag.
  struct State: Equatable {
    var b = ScreenBFeature.State()
    var isEditing = false
  }

  /// The middle actions: screen B's, and its own.
  enum Action {
    case b(ScreenBFeature.Action)
    case editButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .editButtonTapped:
        state.isEditing.toggle()
        return .none
      case .b:
        return .none
      }
    }
    Scope(state: \.b, action: /Action.b) { ScreenBFeature() }
  }
}

/// The middle feature, with screen B as one case of a state enum (scoped by case path).
struct ScreenAEnumFeature: Reducer {
  /// The middle state: screen B, or nothing shown.
  enum State: Equatable {
    case b(ScreenBFeature.State)
    case empty
  }

  /// The middle actions: screen B's, and its own.
  enum Action {
    case b(ScreenBFeature.Action)
    case closeButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped:
        state = .empty
        return .none
      case .b:
        return .none
      }
    }
    Scope(state: /State.b, action: /Action.b) { ScreenBFeature() }
  }
}

/// The root feature over the key-path middle feature.
struct RootFeature: Reducer {
  /// The root state: the middle feature and a flag.
  struct State: Equatable {
    var a = ScreenAFeature.State()
    var isLoading = false
  }

  /// The root actions: the middle feature's, and its own.
  enum Action {
    case a(ScreenAFeature.Action)
    case onAppear
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        state.isLoading = true
        return .none
      case .a:
        return .none
      }
    }
    Scope(state: \.a, action: /Action.a) { ScreenAFeature() }
  }
}

/// The root feature over the enum middle feature.
struct EnumRootFeature: Reducer {
  /// The root state: the middle feature and a flag.
  struct State: Equatable {
    var a = ScreenAEnumFeature.State.b(ScreenBFeature.State())
    var isLoading = false
  }

  /// The root actions: the middle feature's, and its own.
  enum Action {
    case a(ScreenAEnumFeature.Action)
    case onAppear
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        state.isLoading = true
        return .none
      case .a:
        return .none
      }
    }
    Scope(state: \.a, action: /Action.a) { ScreenAEnumFeature() }
  }
}

// MARK: - Benchmark

/// The `Store.send` figures: a key-path tree and a tree whose middle state is an enum.
enum StoreSendBenchmark {
  /// The acceptable ratio of `Store.send` to a direct `reduce(into:action:)`.
  static let goal = 30.0

  /// Times the trees whose figure names `including` accepts and returns their figures.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    let figures = [
      figure(
        "Store.send, 3 nested key-path Scopes",
        reducer: RootFeature(),
        initialState: RootFeature.State(),
        action: .a(.b(.leaf(.increment))),
        count: { $0.a.b.leaf.count },
        settings: settings, including: including),
      figure(
        "Store.send, middle state an enum (case-path Scope)",
        reducer: EnumRootFeature(),
        initialState: EnumRootFeature.State(),
        action: .a(.b(.leaf(.increment))),
        count: { state in
          guard case .b(let b) = state.a else { return -1 }
          return b.leaf.count
        },
        settings: settings, including: including),
    ]
    return figures.compactMap { $0 }
  }

  /// Times sending `action` to a store of `reducer` against calling `reducer` directly.
  ///
  /// Both sides check, per batch, that every action reached the counter: a scope that silently
  /// dropped the action would otherwise look fast.
  private static func figure<Root: Reducer>(
    _ name: String,
    reducer: Root,
    initialState: Root.State,
    action: Root.Action,
    count: @escaping (Root.State) -> Int,
    settings: MeasureSettings,
    including: (String) -> Bool
  ) -> Figure? {
    guard including(name) else { return nil }
    let store = Store(initialState: initialState) { reducer }
    return compareStoreSend(
      name, store: store, reducer: reducer, action: action, count: count, goal: goal,
      settings: settings)
  }
}

/// Times `action` sent to `store` against `reducer` called directly on a copy of the store's
/// state, and returns the figure.
///
/// Both sides check, per batch, that every action reached the counter `count` reads: a scope
/// that silently dropped the action would otherwise look fast.
func compareStoreSend<R: Reducer>(
  _ name: String,
  store: Store<R.State, R.Action>,
  reducer: R,
  action: R.Action,
  count: @escaping (R.State) -> Int,
  goal: Double,
  settings: MeasureSettings
) -> Figure {
  let sent = BenchOperation(label: "Store.send") { n in
    let before = count(store.state)
    for _ in 0..<n { send(action, to: store) }
    let after = count(store.state)
    precondition(after &- before == n, "\(name): \(n) sends moved the count by \(after - before)")
    return after
  }
  var savedState = store.state
  let direct = BenchOperation(label: "direct reduce(into:action:)") { n in
    var state = savedState
    defer { savedState = state }
    let before = count(state)
    for _ in 0..<n { reduceDirectly(reducer, into: &state, action: action) }
    let after = count(state)
    precondition(
      after &- before == n, "\(name): \(n) reduces moved the count by \(after - before)")
    return after
  }
  return compare(name, measured: sent, floor: direct, goal: goal, settings: settings)
}

/// Sends `action` to `store`; a call the optimizer cannot see through or hoist.
@inline(never)
func send<State, Action>(_ action: Action, to store: Store<State, Action>) {
  store.send(action)
}

/// Runs `reducer` on `state` for `action` and drops the (empty) effect; the floor of a send.
@inline(never)
func reduceDirectly<R: Reducer>(_ reducer: R, into state: inout R.State, action: R.Action) {
  _ = reducer.reduce(into: &state, action: action)
}
