// Bindings to one case of a presented enum feature: `$store.scope(state: \.$destination,
// action: \.destination).edit`, for `.sheet(item:)`, as TCA 1.25 writes them.

import Composable

extension Binding where Value: _OptionalStoreWithCaseScope {
  /// A binding to the store of the case `keyPath` names, `nil` while the presented feature is
  /// in another case (or none); setting it to `nil` dismisses the feature.
  public subscript<Case>(
    dynamicMember keyPath: KeyPath<
      Value._CaseScope.AllCasePaths, AnyCasePath<Value._CaseScope, Case>
    >
  ) -> Binding<Case?> {
    nonisolated(unsafe) let keyPath = keyPath
    let base = self
    return Binding<Case?>(
      get: {
        base.wrappedValue._optionalCaseScope.flatMap {
          Value._CaseScope.allCasePaths[keyPath: keyPath].extract(from: $0)
        }
      },
      set: { newValue in
        if newValue == nil { base.wrappedValue = nil }
      })
  }
}

extension Bindable {
  /// The store of a presented child held in `@Presents` state, as a binding:
  /// `$store.scope(state: \.$destination, action: \.destination)`.
  public func scope<State: ObservableState, Action, ChildState, ChildAction>(
    state toChildState: KeyPath<State, PresentationState<ChildState>>,
    action toChildAction: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
    nonisolated(unsafe) let toChildState = toChildState
    return scope(state: toChildState.appending(path: \.wrappedValue), action: toChildAction)
  }
}
