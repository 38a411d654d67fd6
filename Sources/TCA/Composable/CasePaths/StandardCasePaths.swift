// The case paths of the enums navd itself defines, and of Optional, written out as
// `@CasePathable` would generate them, with TCA's shortcuts: `\.destination.addContact` goes
// through `PresentationAction.presented`, and `\.path[id: 0]` picks a stack element's actions.

extension Optional: CasePathable {
  /// The paths of `some` and `none`.
  public struct AllCasePaths: Sendable {
    /// The wrapped value.
    public var some: AnyCasePath<Optional, Wrapped> {
      AnyCasePath(embed: { .some($0) }, extract: { $0 })
    }
    /// No value.
    public var none: AnyCasePath<Optional, Void> {
      AnyCasePath(embed: { .none }, extract: { $0 == nil ? () : nil })
    }
  }

  /// The paths of `some` and `none`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Case {
  /// A case of the wrapped value, through `some`: `\.child?.done` reads as `\.child.done`.
  public subscript<Wrapped: CasePathable, Member>(
    dynamicMember keyPath: KeyPath<Wrapped.AllCasePaths, AnyCasePath<Wrapped, Member>>
  ) -> Case<Member> where Value == Wrapped? {
    self.some[dynamicMember: keyPath]
  }
}

extension Result: CasePathable {
  /// The paths of `success` and `failure`: `\.response.success` for `.response(.success(…))`.
  public struct AllCasePaths: Sendable {
    /// The value of a success.
    public var success: AnyCasePath<Result, Success> {
      AnyCasePath(
        embed: { .success($0) },
        extract: {
          guard case .success(let value) = $0 else { return nil }
          return value
        })
    }
    /// The error of a failure.
    public var failure: AnyCasePath<Result, Failure> {
      AnyCasePath(
        embed: { .failure($0) },
        extract: {
          guard case .failure(let error) = $0 else { return nil }
          return error
        })
    }
  }

  /// The paths of `success` and `failure`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension PresentationAction: CasePathable {
  /// The paths of `dismiss` and `presented`.
  public struct AllCasePaths: Sendable {
    /// The child was dismissed.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        })
    }
    /// An action of the presented child.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case .presented(let action) = $0 else { return nil }
          return action
        })
    }
  }

  /// The paths of `dismiss` and `presented`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Case {
  /// A case of the presented child's actions, through `presented`:
  /// `\.destination.addContact` for `.destination(.presented(.addContact(…)))`, as in TCA.
  public subscript<Action: CasePathable, Member>(
    dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Member>>
  ) -> Case<Member> where Value == PresentationAction<Action> {
    self.presented[dynamicMember: keyPath]
  }

  /// A case of the presented child's actions, kept inside `PresentationAction`:
  /// `\.destination.addContact` as `PresentationAction<AddContactFeature.Action>`, what
  /// `$store.scope(state:action:)` takes so that it can send `.dismiss` too, as in TCA.
  ///
  /// Disfavored: where nothing asks for a `PresentationAction`, the path goes through
  /// `presented` (above).
  @_disfavoredOverload
  public subscript<Action: CasePathable, Member>(
    dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Member>>
  ) -> Case<PresentationAction<Member>> where Value == PresentationAction<Action> {
    let child = Action.allCasePaths[keyPath: keyPath]
    let lifted = AnyCasePath<PresentationAction<Action>, PresentationAction<Member>>(
      embed: { action in
        switch action {
        case .dismiss: .dismiss
        case .presented(let member): .presented(child.embed(member))
        }
      },
      extract: { action in
        switch action {
        case .dismiss: .dismiss
        case .presented(let action): child.extract(from: action).map { .presented($0) }
        }
      })
    return Case<PresentationAction<Member>>(rooted: rooted.appending(lifted))
  }
}

extension StackAction: CasePathable {
  /// The paths of `element`, `popFrom` and `push`, and of one element's actions by id.
  public struct AllCasePaths: Sendable {
    /// An action of some element, with its id.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case .element(let id, let action) = $0 else { return nil }
          return (id, action)
        })
    }
    /// A pop from an element, by its id.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case .popFrom(let id) = $0 else { return nil }
          return id
        })
    }
    /// A push, with the new element's id and state.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case .push(let id, let state) = $0 else { return nil }
          return (id, state)
        })
    }
    /// The actions of the element with `id`: `\.path[id: 0].screenA`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case .element(id, let action) = $0 else { return nil }
          return action
        })
    }
  }

  /// The paths of `element`, `popFrom` and `push`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// The actions of a stack, named by the reducer of its elements: `case path(StackActionOf<Path>)`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
