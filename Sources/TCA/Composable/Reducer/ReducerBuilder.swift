// ReducerBuilder: the result builder that runs the reducers of a body one after another.

/// A result builder that combines reducers written one after another into one reducer.
///
/// Reducers run in the order they are written and their effects are merged. `if`, `if let`,
/// `switch` and optional reducers are supported, as in TCA.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// Builds a reducer from several in a row.
  @inlinable
  public static func buildBlock<R: Reducer<State, Action>>(_ reducer: consuming R) -> R {
    reducer
  }

  /// Builds the empty reducer from an empty block.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// A reducer of an existential type (`Feature() as any ReducerOf<Feature>`), wrapped.
  @_disfavoredOverload
  public static func buildExpression(_ expression: any Reducer<State, Action>) -> Reduce<
    State, Action
  > {
    Reduce(expression)
  }

  /// Builds one reducer from a single expression.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: consuming R) -> R {
    expression
  }

  /// Starts a sequence of reducers.
  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: consuming R) -> R {
    first
  }

  /// Appends a reducer to a sequence; the earlier one runs first.
  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: consuming R0, next: consuming R1
  ) -> _Sequence<R0, R1> {
    _Sequence(accumulated, next)
  }

  /// Builds the first branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> _Conditional<R0, R1> {
    .first(reducer)
  }

  /// Builds the second branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> _Conditional<R0, R1> {
    .second(reducer)
  }

  /// Builds an `if` without `else`: nothing runs when the condition is false.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ wrapped: R?) -> R? { wrapped }

  /// Builds an `if #available` branch.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(_ wrapped: R) -> R {
    wrapped
  }

  /// Builds a `for` loop's reducers, run in order.
  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _SequenceMany<R> {
    _SequenceMany(reducers: reducers)
  }

  /// Two reducers run one after the other, their effects merged.
  public struct _Sequence<R0: Reducer<State, Action>, R1: Reducer<State, Action>>: Reducer {
    @usableFromInline let r0: R0
    @usableFromInline let r1: R1

    // Inlinable, and taking its parts by move: a re-evaluated body builds these on every action,
    // and an opaque generic init copied every part through its value witnesses.
    @inlinable init(_ r0: consuming R0, _ r1: consuming R1) {
      self.r0 = r0
      self.r1 = r1
    }

    /// Runs the first reducer, then the second, and merges their effects.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      self.r0.reduce(into: &state, action: action)
        .merge(with: self.r1.reduce(into: &state, action: action))
    }
  }

  /// Reducers from a `for` loop, run in order.
  public struct _SequenceMany<Element: Reducer<State, Action>>: Reducer {
    @usableFromInline let reducers: [Element]

    @inlinable init(reducers: [Element]) { self.reducers = reducers }

    /// Runs each reducer in order and merges their effects.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      self.reducers.reduce(.none) { $0.merge(with: $1.reduce(into: &state, action: action)) }
    }
  }

  /// One of two reducers, chosen when the body was built.
  public enum _Conditional<First: Reducer<State, Action>, Second: Reducer<State, Action>>: Reducer {
    case first(First)
    case second(Second)

    /// Runs whichever reducer was chosen.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch self {
      case .first(let first): return first.reduce(into: &state, action: action)
      case .second(let second): return second.reduce(into: &state, action: action)
      }
    }
  }
}

extension Optional: Reducer where Wrapped: Reducer {
  /// Runs the wrapped reducer, or does nothing when there is none.
  @inlinable
  public func reduce(
    into state: inout Wrapped.State, action: Wrapped.Action
  ) -> Effect<Wrapped.Action> {
    switch self {
    case .some(let wrapped): return wrapped.reduce(into: &state, action: action)
    case .none: return .none
    }
  }
}
