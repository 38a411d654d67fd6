// The seed's `SharedState` feature (004_96a3e027597fa827.txt, "SharedState 예제 코드 알아보기"):
// Counter and Profile tabs that share state, the profile derived from the counter with a getter
// and a setter, and the "is prime" alert. Copied with the import changed, `public` added for use
// from other modules, the comments translated, and the SwiftUI views dropped. The conformances
// navd needs are added at the bottom.

import Composable
import Foundation

// MARK: - Feature domain

/// Two tabs over one state: a counter, and a profile that shows the counter's statistics and can
/// reset them.
public struct SharedState: Reducer {
  /// The tabs.
  public enum Tab { case counter, profile }

  /// The state both tabs share.
  public struct State: Equatable {
    /// The counter tab's state.
    public var counter = Counter.State()
    /// The selected tab.
    public var currentTab = Tab.counter

    /// Creates the shared state.
    public init(counter: Counter.State = Counter.State(), currentTab: Tab = Tab.counter) {
      self.counter = counter
      self.currentTab = currentTab
    }

    /// The Profile.State can be derived from the Counter.State by getting and setting the parts it
    /// cares about.
    ///
    /// This allows the profile feature to operate on a subset of app state instead of the whole
    /// thing.
    public var profile: Profile.State {
      get {
        // 6. ✅ The child reads the parent's data through the getter.
        Profile.State(
          currentTab: self.currentTab,
          count: self.counter.count,
          maxCount: self.counter.maxCount,
          minCount: self.counter.minCount,
          numberOfCounts: self.counter.numberOfCounts
        )
      }
      set {
        // 7. ✅ The child's changes flow back to the parent through the setter.
        self.currentTab = newValue.currentTab
        self.counter.count = newValue.count
        self.counter.maxCount = newValue.maxCount
        self.counter.minCount = newValue.minCount
        self.counter.numberOfCounts = newValue.numberOfCounts
      }
    }
  }

  /// The actions of both tabs and of the tab picker.
  public enum Action: Equatable {
    case counter(Counter.Action)  // 8. ✅ The counter tab's actions
    case profile(Profile.Action)  // 9. ✅ The profile tab's actions
    case selectTab(Tab)
  }

  /// Creates the reducer.
  public init() {}

  /// Runs both tabs on the shared state, then selects tabs.
  public var body: some Reducer<State, Action> {
    // 9. ✅ The counter, through a scope (children first).
    Scope(state: \.counter, action: /Action.counter) {
      Counter()
    }

    // 10. ✅ The profile, through a scope (children first).
    Scope(state: \.profile, action: /Action.profile) {
      Profile()
    }

    // 11. ✅ The parent.
    Reduce { state, action in
      switch action {
      case .counter, .profile:
        return .none
      case let .selectTab(tab):
        state.currentTab = tab
        return .none
      }
    }
  }

  // 12. ✅ The counter tab's reducer.
  /// The counter tab: counts, keeps statistics, and tells whether the count is prime.
  public struct Counter: Reducer {
    /// The counter tab's state.
    public struct State: Equatable {
      /// The "is prime" alert, if presented.
      @PresentationState public var alert: AlertState<Action.Alert>?
      /// The current count.
      public var count = 0
      /// The highest count so far.
      public var maxCount = 0
      /// The lowest count so far.
      public var minCount = 0
      /// How many times the count changed.
      public var numberOfCounts = 0

      /// Creates the counter tab's state.
      public init(
        alert: AlertState<Action.Alert>? = nil,
        count: Int = 0,
        maxCount: Int = 0,
        minCount: Int = 0,
        numberOfCounts: Int = 0
      ) {
        self.alert = alert
        self.count = count
        self.maxCount = maxCount
        self.minCount = minCount
        self.numberOfCounts = numberOfCounts
      }
    }

    /// The counter tab's actions.
    public enum Action: Equatable {
      case alert(PresentationAction<Alert>)
      case decrementButtonTapped
      case incrementButtonTapped
      case isPrimeButtonTapped

      /// The "is prime" alert's actions: it has none besides its dismissal.
      public enum Alert: Equatable {}
    }

    /// Creates the reducer.
    public init() {}

    /// Counts, keeps the statistics and presents the alert.
    public var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .alert:
          return .none

        case .decrementButtonTapped:
          state.count -= 1
          state.numberOfCounts += 1
          state.minCount = min(state.minCount, state.count)
          return .none

        case .incrementButtonTapped:
          state.count += 1
          state.numberOfCounts += 1
          state.maxCount = max(state.maxCount, state.count)
          return .none

        case .isPrimeButtonTapped:
          state.alert = AlertState {
            TextState(
              isPrime(state.count)
                ? "👍 The number \(state.count) is prime!"
                : "👎 The number \(state.count) is not prime :("
            )
          }
          return .none
        }
      }
      .ifLet(\.$alert, action: /Action.alert)
    }
  }

  // 12. ✅ The profile tab's reducer.
  /// The profile tab: the counter's statistics, with a reset.
  public struct Profile: Reducer {
    /// The profile tab's state, derived from ``SharedState/State``.
    public struct State: Equatable {
      /// The selected tab.
      public private(set) var currentTab: Tab
      /// The current count.
      public private(set) var count = 0
      /// The highest count so far.
      public private(set) var maxCount: Int
      /// The lowest count so far.
      public private(set) var minCount: Int
      /// How many times the count changed.
      public private(set) var numberOfCounts: Int

      fileprivate mutating func resetCount() {
        self.currentTab = .counter
        self.count = 0
        self.maxCount = 0
        self.minCount = 0
        self.numberOfCounts = 0
      }
    }

    /// The profile tab's actions.
    public enum Action: Equatable {
      case resetCounterButtonTapped
    }

    /// Creates the reducer.
    public init() {}

    /// Resets the counter.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .resetCounterButtonTapped:
        state.resetCount()
        return .none
      }
    }
  }
}

// MARK: - Private helpers

/// Checks if a number is prime or not.
private func isPrime(_ p: Int) -> Bool {
  if p <= 1 { return false }
  if p <= 3 { return true }
  for i in 2...Int(sqrtf(Float(p))) {
    if p % i == 0 { return false }
  }
  return true
}

// MARK: - Conformances for scripts, the wire and the registry

extension SharedState: Sendable {}
extension SharedState.Counter: Sendable {}
extension SharedState.Profile: Sendable {}
extension SharedState.Tab: Codable, Sendable {}
extension SharedState.State: Codable, Sendable {}
extension SharedState.Action: Codable, Sendable {}
extension SharedState.Counter.State: Codable, Sendable {}
extension SharedState.Counter.Action: Codable, Sendable {}
extension SharedState.Profile.State: Codable, Sendable {}
extension SharedState.Profile.Action: Codable, Hashable, Sendable {}

extension SharedState.Counter.Action.Alert: Codable, Hashable, Sendable {
  /// Always throws: the alert has no actions, so there is nothing to decode.
  public init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription: "The \"is prime\" alert has no actions: only 'dismiss' can be sent to it."
      ))
  }

  /// Never called: there is no value of this type to encode.
  public func encode(to encoder: any Encoder) throws {
    switch self {}
  }
}
