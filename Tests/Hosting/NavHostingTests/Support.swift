// Helpers shared by the hosting tests.

@testable import CaseStudies

/// A navigation state whose stack holds screens A, B and C with the ids 3, 5 and 8.
func navigationStateWithThreeScreens() -> NavigationDemo.State {
  var state = NavigationDemo.State()
  state.path[id: 3] = .screenA(ScreenA.State(count: 2, fact: "2 is even", isLoading: false))
  state.path[id: 5] = .screenB()
  state.path[id: 8] = .screenC(ScreenC.State(count: 7, isTimerRunning: true))
  return state
}
