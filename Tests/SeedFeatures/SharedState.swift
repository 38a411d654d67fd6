// The seed's `SharedState` feature with its `Counter` and `Profile` (004_96a3e027597fa827.txt),
// copied with the SwiftUI views and previews dropped. The seed shows no import lines; these are the
// ones it needs (`sqrtf` comes from Foundation, which SwiftUI re-exported).

import Composable
import Foundation

// MARK: - Feature domain

struct SharedState: Reducer {
  enum Tab { case counter, profile }

  struct State: Equatable {
    var counter = Counter.State()
    var currentTab = Tab.counter

    /// The Profile.State can be derived from the Counter.State by getting and setting the parts it
    /// cares about.
    ///
    /// This allows the profile feature to operate on a subset of app state instead of
    /// the whole thing.
    var profile: Profile.State {
      get {
        // 6. ✅ a child view reads the parent reducer's data through what get defines
        Profile.State(
          currentTab: self.currentTab,
          count: self.counter.count,
          maxCount: self.counter.maxCount,
          minCount: self.counter.minCount,
          numberOfCounts: self.counter.numberOfCounts
        )
      }
      set {
        // 7. ✅ changes made in the child view are passed up to the parent too
        self.currentTab = newValue.currentTab
        self.counter.count = newValue.count
        self.counter.maxCount = newValue.maxCount
        self.counter.minCount = newValue.minCount
        self.counter.numberOfCounts = newValue.numberOfCounts
      }
    }
  }

  enum Action: Equatable {
    case counter(Counter.Action)  // 8. ✅ actions coming from Counter
    case profile(Profile.Action)  // 9. ✅ actions coming from Profile
    case selectTab(Tab)
  }

  var body: some Reducer<State, Action> {
    // 9. ✅ connect counter through a scope (children first)
    Scope(state: \.counter, action: /Action.counter) {
      Counter()
    }

    // 10. ✅ connect profile through a scope (children first)
    Scope(state: \.profile, action: /Action.profile) {
      Profile()
    }

    // 11. ✅ the parent
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

  // 12. ✅ the reducer Counter uses
  struct Counter: Reducer {
    struct State: Equatable {
      @PresentationState var alert: AlertState<Action.Alert>?
      var count = 0
      var maxCount = 0
      var minCount = 0
      var numberOfCounts = 0
    }

    enum Action: Equatable {
      case alert(PresentationAction<Alert>)
      case decrementButtonTapped
      case incrementButtonTapped
      case isPrimeButtonTapped

      enum Alert: Equatable {}
    }

    var body: some Reducer<State, Action> {
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

  // 12. ✅ the reducer Profile uses
  struct Profile: Reducer {
    struct State: Equatable {
      private(set) var currentTab: Tab
      private(set) var count = 0
      private(set) var maxCount: Int
      private(set) var minCount: Int
      private(set) var numberOfCounts: Int

      fileprivate mutating func resetCount() {
        self.currentTab = .counter
        self.count = 0
        self.maxCount = 0
        self.minCount = 0
        self.numberOfCounts = 0
      }
    }

    enum Action: Equatable {
      case resetCounterButtonTapped
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
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
