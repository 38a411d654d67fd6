// Reducer: the protocol of features that evolve state for actions, by `reduce` or by `body`.

/// A type that evolves a feature's state when an action arrives and returns the effects to run.
///
/// Conform by implementing ``reduce(into:action:)`` or by composing other reducers in ``body``,
/// exactly as in TCA 1.0–1.3:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     state.count += 1
///     return .none
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action
  /// The type of ``body``: `Never` for reducers that implement ``reduce(into:action:)``.
  associatedtype Body

  /// Evolves `state` for `action` and returns the effect to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is composed of, run in the order written.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

/// The reducer type for a feature `R`, as in `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body; reading it is a bug.
  public var body: Body {
    fatalError(
      "'\(Self.self)' has no body. Do not access a reducer's 'body' when it implements "
        + "'reduce(into:action:)' directly.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  ///
  /// A reducer with no stored properties builds its body once, on its first action, and keeps
  /// it (see `BodyCache`); others build it for every action, as in TCA.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if MemoryLayout<Self>.size == 0, let cached = BodyCache.shared.body(of: self) {
      return cached.body.reduce(into: &state, action: action)
    }
    return self.body.reduce(into: &state, action: action)
  }
}
