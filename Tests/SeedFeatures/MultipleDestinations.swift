// The seed's `MultipleDestinations` feature (000_250009d61a67d5d9.txt, "일반적인 sheet 화면전환"),
// copied with only the import changed and the SwiftUI view dropped.

import Composable

// To manage several kinds of presentation, they can be split out, the way UIKit uses a
// coordinator.
struct MultipleDestinations: Reducer {
  /// The presentation destinations.
  ///
  /// Like a coordinator, it can be split out of the main reducer.
  public struct Destination: Reducer {
    /// The state of the presented destination.
    public enum State: Equatable {
      case drillDown(Counter.State)
      case popover(Counter.State)
      case sheet(Counter.State)
    }

    /// The actions of the presented destination.
    public enum Action {
      case drillDown(Counter.Action)
      case popover(Counter.Action)
      case sheet(Counter.Action)
    }

    /// The destinations' reducers, each scoped to its case.
    public var body: some Reducer<State, Action> {
      // Implement and connect the presentation reducers
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
    @PresentationState var destination: Destination.State?  // presentation state
  }

  enum Action {
    case destination(PresentationAction<Destination.Action>)  // holds the presentation action
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
      // ✅ integrate the reducer (presentation)
      Destination()
    }
  }
}
