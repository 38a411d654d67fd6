// The seed's `MultipleDestinations` (000_250009d61a67d5d9.txt, "일반적인 sheet 화면전환"):
// its text with only the import changed (`import Composable` for `import ComposableArchitecture`).
// scripts/check-seeds checks it.

import Composable

struct MultipleDestinations: Reducer {
  // 화면전환 Destination! MVStatePattern을 학습할 때 Coordinator처럼 본 Reducer에서 분리 가능
  /// What the screen presents: a counter as a drill-down, a popover or a sheet.
  public struct Destination: Reducer {
    /// The presented counter's state, in the case of its presentation.
    public enum State: Equatable {
      case drillDown(Counter.State)
      case popover(Counter.State)
      case sheet(Counter.State)
    }

    /// The presented counter's actions, in the case of its presentation.
    public enum Action {
      case drillDown(Counter.Action)
      case popover(Counter.Action)
      case sheet(Counter.Action)
    }

    /// Runs the counter in each case.
    public var body: some Reducer<State, Action> {
      // 화면 전환 리듀서 구현 및 연결
      Scope(state: /State.drillDown, action: /Action.drillDown) {
        Counter()
      }
      Scope(state: /State.sheet, action: /Action.sheet) {
        Counter()
      }
      Scope(state: /State.popover, action: /Action.popover) {
        Counter()
      }
    }
  }

  struct State: Equatable {
    @PresentationState var destination: Destination.State?  // 화면전환 State
  }

  enum Action {
    case destination(PresentationAction<Destination.Action>)  // 화면 전환 Action을 든다.
    case showDrillDown
    case showPopover
    case showSheet
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .showDrillDown:
        state.destination = .drillDown(Counter.State())
        return .none
      case .showPopover:
        state.destination = .popover(Counter.State())
        return .none
      case .showSheet:
        state.destination = .sheet(Counter.State())
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: /Action.destination) {
      // ✅ 리듀서 통합 (화면전환)
      Destination()
    }
  }
}
