// The seed's `ScreenA` feature (000_250009d61a67d5d9.txt, "Screen A" and "전체코드"): a counter
// with a fact fetched through the `factClient` dependency, that dismisses itself through the
// `dismiss` dependency. Copied with the import changed, `public` added for use from other modules,
// the comments translated, and the SwiftUI view dropped. The conformances navd needs are added at
// the bottom.

import Composable

// MARK: - Screen A

/// A screen on the navigation stack that counts, fetches a fact about its count, and can dismiss
/// itself.
public struct ScreenA: Reducer {
  /// The screen's state.
  public struct State: Codable, Equatable, Hashable {
    /// The current count.
    public var count = 0
    /// The last fact fetched about the count, if any.
    public var fact: String?
    /// Whether a fact is being fetched.
    public var isLoading = false

    /// Creates the screen's state.
    public init(count: Int = 0, fact: String? = nil, isLoading: Bool = false) {
      self.count = count
      self.fact = fact
      self.isLoading = isLoading
    }
  }

  /// The screen's actions.
  public enum Action: Equatable {
    case decrementButtonTapped
    case dismissButtonTapped
    case incrementButtonTapped
    case factButtonTapped
    case factResponse(TaskResult<String>)
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.factClient) var factClient

  /// Creates the reducer.
  public init() {}

  /// Counts, fetches facts and dismisses the screen.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      return .none

    case .dismissButtonTapped:
      return .run { _ in
        // dismiss is called from a .run effect.
        await self.dismiss()
      }

    case .incrementButtonTapped:
      state.count += 1
      return .none

    case .factButtonTapped:
      state.isLoading = true
      return .run { [count = state.count] send in
        await send(.factResponse(.init { try await self.factClient.fetch(count) }))
      }

    case let .factResponse(.success(fact)):
      state.isLoading = false
      state.fact = fact
      return .none

    case .factResponse(.failure):
      state.isLoading = false
      state.fact = nil
      return .none
    }
  }
}

// MARK: - Conformances for scripts, the wire and effects

extension ScreenA: Sendable {}
extension ScreenA.State: Sendable {}
extension ScreenA.Action: Codable, Sendable {}
