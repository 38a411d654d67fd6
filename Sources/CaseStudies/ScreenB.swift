// The seed's `ScreenB` feature (000_250009d61a67d5d9.txt, "Screen B" and "전체코드"). Copied with
// the import changed, `public` added for use from other modules, the comments translated, and the
// SwiftUI view dropped. The conformances navd needs are added at the bottom.

import Composable

// MARK: - Screen B
// Screen B implements no navigation of its own: the parent feature intercepts its actions and
// pushes the next screen.

/// A screen on the navigation stack whose buttons navigate without knowing the other screens:
/// `NavigationDemo` intercepts their actions and pushes the screen asked for.
public struct ScreenB: Reducer {
  /// The screen's state; it has none of its own.
  public struct State: Codable, Equatable, Hashable {
    /// Creates the screen's state.
    public init() {}
  }

  /// The screen's actions.
  public enum Action: Equatable {
    case screenAButtonTapped
    case screenBButtonTapped
    case screenCButtonTapped
  }

  /// Creates the reducer.
  public init() {}

  /// Does nothing: the parent reacts to these actions.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .screenAButtonTapped:

      return .none
    case .screenBButtonTapped:
      return .none
    case .screenCButtonTapped:
      return .none
    }
  }
}

// MARK: - Conformances for scripts, the wire and the registry

extension ScreenB: Sendable {}
extension ScreenB.State: Sendable {}
extension ScreenB.Action: Codable, Hashable, Sendable {}
