// Reducer.dependency and transformDependency: a reducer, and the effects it starts, run with
// dependencies of their own.

extension Reducer {
  /// This reducer, with the dependency at `keyPath` set to `value` while it reduces, and in the
  /// effects it starts.
  ///
  /// ```swift
  /// Scope(state: \.search, action: \.search) {
  ///   Search().dependency(\.continuousClock, ImmediateClock())
  /// }
  /// ```
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
  ) -> DependencyKeyWritingReducer<Self> {
    DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// This reducer, with the dependency registered for `value`'s own type set to `value`.
  public func dependency<Value: TestDependencyKey>(_ value: Value) -> DependencyKeyWritingReducer<
    Self
  > where Value.Value == Value {
    DependencyKeyWritingReducer(base: self) { $0[Value.self] = value }
  }

  /// This reducer, with the dependency at `keyPath` changed by `transform` while it reduces and
  /// in the effects it starts.
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> DependencyKeyWritingReducer<Self> {
    DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// A reducer that runs its base with dependencies changed (``Reducer/dependency(_:_:)``).
public struct DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: (inout DependencyValues) -> Void

  /// Reduces with the changed dependencies in force; effects made here capture them.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }

  /// This reducer with a further change to the dependencies, applied after this one's.
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
  ) -> DependencyKeyWritingReducer<Base> {
    DependencyKeyWritingReducer(base: base) { [update] in
      update(&$0)
      $0[keyPath: keyPath] = value
    }
  }
}

/// TCA's name for the reducer `dependency(_:_:)` returns.
public typealias _DependencyKeyWritingReducer<Base: Reducer> = DependencyKeyWritingReducer<Base>
