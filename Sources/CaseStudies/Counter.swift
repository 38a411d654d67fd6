// The seed's `Counter` feature (000_250009d61a67d5d9.txt, "프로젝트를 실습하기 위한 준비 코드"),
// with the import changed, `public` added for use from other modules, and the SwiftUI view
// dropped. The conformances navd needs are added at the bottom.

import Composable

// MARK: - Feature domain

/// A number that goes up and down: the feature every presentation in `MultipleDestinations` shows.
public struct Counter: Reducer {
  /// The counter's state.
  public struct State: Equatable {
    /// The current count.
    public var count = 0

    /// Creates a counter at `count`.
    public init(count: Int = 0) {
      self.count = count
    }
  }

  /// The counter's actions.
  public enum Action: Equatable {
    case decrementButtonTapped
    case incrementButtonTapped
  }

  /// Creates the reducer.
  public init() {}

  /// Counts down or up.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      return .none
    case .incrementButtonTapped:
      state.count += 1
      return .none
    }
  }
}

// MARK: - Conformances for scripts, the wire and the registry

extension Counter: Sendable {}
extension Counter.State: Codable, Hashable, Sendable {}
extension Counter.Action: Codable, Hashable, Sendable {}
