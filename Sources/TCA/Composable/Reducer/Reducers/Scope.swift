// Scope: runs a child reducer on a property or enum case of the parent's state.

/// A reducer that runs a child reducer on one part of the parent's state and actions.
///
/// The child's state is a property of the parent's (a key path) or one case of the parent's
/// state enum (a case path); its actions are one case of the parent's action enum:
///
/// ```swift
/// Scope(state: \.counter, action: /Action.counter) { Counter() }
/// Scope(state: /State.sheet, action: /Action.sheet) { Counter() }
/// ```
///
/// When the state is an enum and the child action arrives while the state holds another case,
/// the action is dropped with a runtime warning, as in TCA.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline enum StatePath {
    /// A property; for `@ObservableState` state, its storage, with the observers to tell.
    case keyPath(StateAccess<ParentState, Child.State>)
    case casePath(CasePath<ParentState, Child.State>, fileID: StaticString, line: UInt)
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Runs `child` on the state at the key path `toChildState`.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(StateAccess(toChildState))
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Runs `child` when the parent's state is in the case `toChildState`.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CasePath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(toChildState, fileID: fileID, line: line)
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Runs the child when the action belongs to it, and lifts its effects to the parent.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.toChildAction.extract(from: action) else { return .none }
    switch self.toChildState {
    case .keyPath(let access):
      let child = self.child
      return access.around(&state) { state in
        child.reduce(into: &state[keyPath: access.keyPath], action: childAction)
      }
      .map(ifAny: self.toChildAction.embed)
    case .casePath(let casePath, let fileID, let line):
      guard var childState = casePath.extract(from: state) else {
        RuntimeWarning.report(
          """
          A "Scope" at "\(fileID):\(line)" received a child action when child state was set to a \
          different case. …

            Action:
              \(debugCaseOutput(action))
            State:
              \(debugCaseOutput(state))

          This is generally considered an application logic error: make sure the parent does not \
          change the state's case while the child can still send it actions.
          """
        )
        return .none
      }
      defer { state = casePath.embed(childState) }
      return self.child.reduce(into: &childState, action: childAction)
        .map(ifAny: self.toChildAction.embed)
    }
  }
}
