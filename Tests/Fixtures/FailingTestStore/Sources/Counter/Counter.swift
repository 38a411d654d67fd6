import ComposableArchitecture

/// A counter, the smallest feature a wrong expectation can be written against.
public struct Counter: Reducer {
  /// The count.
  public struct State: Equatable, Sendable {
    /// How many times the button was tapped.
    public var count = 0
    /// Starts at zero.
    public init() {}
  }

  /// The one button.
  public enum Action: Equatable, Sendable {
    /// Adds one.
    case incrementButtonTapped
  }

  /// Creates the feature.
  public init() {}

  /// Adds one per tap.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}
