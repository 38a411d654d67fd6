import ComposableArchitecture

/// A counter whose count is shared state kept in memory, as `@Shared(.inMemory)` apps keep it.
@Reducer
public struct SharedCounter {
  /// The shared count.
  @ObservableState
  public struct State: Equatable {
    /// How many times the button was tapped, shared by every feature that declares it.
    @Shared(.inMemory("taps")) public var taps = 0
    /// Starts from the shared value.
    public init() {}
  }

  /// The one button.
  public enum Action: Equatable, Sendable {
    /// Adds one to the shared count.
    case tapped
  }

  /// Creates the feature.
  public init() {}

  /// Adds one per tap, with exclusive access to the shared count.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.$taps.withLock { $0 += 1 }
        return .none
      }
    }
  }
}
