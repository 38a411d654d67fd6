// Bindings into a store, as TCA 1.7 makes them: `$store.scope(state:action:)` for presentations
// and stacks, `$store.name.sending(\.setName)`, and `$store.name` through `BindableAction`.

import Composable

extension Bindable {
  /// A member of the store's observable state, to bind with `sending(_:)`:
  /// `$store.contact.name.sending(\.setName)`.
  public subscript<State: ObservableState, Action, Member>(
    dynamicMember keyPath: KeyPath<State, Member>
  ) -> _StoreBindable<State, Action, Member> where Value == Store<State, Action> {
    _StoreBindable(store: wrappedValue, keyPath: keyPath)
  }

  /// A binding to a member of the store's state that sends `.binding(.set(keyPath, value))`
  /// when written: `TextField("Name", text: $store.name)` for a feature with a
  /// `BindableAction` and a `BindingReducer`.
  public subscript<State: ObservableState, Action: BindableAction, Member: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Member>
  ) -> Binding<Member> where Value == Store<State, Action>, Action.State == State {
    let store = wrappedValue
    return Binding(
      get: { store.state[keyPath: keyPath] },
      set: { store.send(.binding(.set(keyPath, $0))) })
  }

  /// The store of a presented child, as a binding for `.sheet(item:)`, `.popover(item:)`,
  /// `.fullScreenCover(item:)`, `.navigationDestination(item:)`, `.alert` and
  /// `.confirmationDialog`: `nil` while nothing is presented; setting it to `nil` sends
  /// `.dismiss`, as the system does when the presentation goes away.
  public func scope<State: ObservableState, Action, ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
    let store = wrappedValue
    let path = AnyCasePath(toChildAction)
    return Binding(
      get: {
        guard let childState = store.state[keyPath: toChildState] else { return nil }
        return store.scope(
          state: { $0[keyPath: toChildState] ?? childState },
          action: { path.embed(.presented($0)) })
      },
      set: { newValue in
        if newValue == nil, store.state[keyPath: toChildState] != nil {
          store.send(path.embed(.dismiss))
        }
      })
  }

  /// The store of a navigation stack, as a binding for `NavigationStack(path:)`:
  /// `$store.scope(state: \.path, action: \.path)`.
  public func scope<State: ObservableState, Action, ElementState, ElementAction>(
    state toStackState: KeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
  where Value == Store<State, Action> {
    let stack = wrappedValue.scope(state: toStackState, action: toStackAction)
    return Binding(get: { stack }, set: { _ in })
  }
}

/// A member of a store's state on its way to a binding: `$store.name`, then
/// `.sending(\.setName)` (TCA's `_StoreBindable`).
@dynamicMemberLookup
public struct _StoreBindable<State, Action, Value> {
  let store: Store<State, Action>
  let keyPath: KeyPath<State, Value>

  /// A member of this member: `$store.contact.name`.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value, Member>
  ) -> _StoreBindable<State, Action, Member> {
    _StoreBindable<State, Action, Member>(
      store: store, keyPath: self.keyPath.appending(path: keyPath))
  }

  /// A binding that reads the member and sends the action `action` names with the new value.
  public func sending(_ action: CaseKeyPath<Action, Value>) -> Binding<Value> {
    let store = self.store
    let keyPath = self.keyPath
    let path = AnyCasePath(action)
    return Binding(get: { store.state[keyPath: keyPath] }, set: { store.send(path.embed($0)) })
  }
}
