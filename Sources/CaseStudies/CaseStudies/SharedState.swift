// The seed's `SharedState` (004_96a3e027597fa827.txt):
// its text with only the import changed (`import Composable` for `import ComposableArchitecture`).
// scripts/check-seeds checks it.

import Composable
import Foundation

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
    /// Profile.State는 Counter.State에서 관심있는 부분을 가져와서 설정함으로써 유도할 수 있음. 이를 통해 프로필 기능은 전체가 아닌 앱 상태의 하위 집합에서 작동할 수 있음.
    var profile: Profile.State {
      get {
        // 6. ✅ 하위 뷰에서 get에 정의된 부분을 통해 상위 Reducer의 데이터를 가져갈 수 있음
        Profile.State(
          currentTab: self.currentTab,
          count: self.counter.count,
          maxCount: self.counter.maxCount,
          minCount: self.counter.minCount,
          numberOfCounts: self.counter.numberOfCounts
        )
      }
      set {
        // 7. ✅ 하위 뷰에서 발생한 데이터 변경사항을 상위 뷰로도 전달
        self.currentTab = newValue.currentTab
        self.counter.count = newValue.count
        self.counter.maxCount = newValue.maxCount
        self.counter.minCount = newValue.minCount
        self.counter.numberOfCounts = newValue.numberOfCounts
      }
    }
  }

  enum Action: Equatable {
    case counter(Counter.Action)  // 8. ✅ Counter에서 들어올 액션
    case profile(Profile.Action)  // 9. ✅ Profile에서 들어올 액션
    case selectTab(Tab)
  }

  var body: some Reducer<State, Action> {
    // 9. ✅ counter를 스코프를 통해 연결 (하위뷰를 먼저 연결)
    Scope(state: \.counter, action: /Action.counter) {
      Counter()
    }

    // 10. ✅ profile를 스코프를 통해 연결 (하위뷰를 먼저 연결)
    Scope(state: \.profile, action: /Action.profile) {
      Profile()
    }

    // 11. ✅ 상위 뷰
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

  // 12. ✅ Counter에서 사용할 리듀서를 정의
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

  // 12. ✅ Profile에서 사용할 리듀서를 정의
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

private func isPrime(_ p: Int) -> Bool {
  if p <= 1 { return false }
  if p <= 3 { return true }
  for i in 2...Int(sqrtf(Float(p))) {
    if p % i == 0 { return false }
  }
  return true
}
