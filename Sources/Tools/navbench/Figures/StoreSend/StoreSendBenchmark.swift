// The Store.send figures: a leaf action through three nested Scopes against a direct reduce.

import Composable

// `Store.send` of a leaf action through three nested `Scope`s, against calling the same reducer
// tree's `reduce(into:action:)` directly on a local state.
//
// Both sides re-evaluate every `body` per action, as TCA does, so both pay for building the
// `Scope`s and their `/Action.case` paths; the ratio is what the store adds on top: its lock,
// action queue, dependency scope, change detection and effect handling.

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
