// The seed's `MultipleDestinations` feature (000_250009d61a67d5d9.txt, "일반적인 sheet 화면전환"):
// one `Destination` reducer drives a drill-down, a popover and a sheet, each showing a `Counter`.
// Copied with the import changed, `public` added for use from other modules, the comments
// translated, and the SwiftUI view dropped. The conformances navd needs are added at the bottom.

import Composable

// To manage several kinds of presentation, they can be split out of the feature, much as UIKit
// uses a coordinator.

/// A screen that presents a `Counter` as a drill-down, a popover or a sheet, all through one
/// optional `Destination`.
public struct MultipleDestinations: Reducer {
  // The presentation destination: it can be split out of this reducer, like a coordinator.
  /// Where `MultipleDestinations` can navigate: one case per kind of presentation.
  public struct Destination: Reducer {
    /// The presented feature's state.
    public enum State: Equatable {
      case drillDown(Counter.State)
      case popover(Counter.State)
      case sheet(Counter.State)
    }

    /// The presented feature's actions.
    public enum Action {
      case drillDown(Counter.Action)
      case popover(Counter.Action)
      case sheet(Counter.Action)
    }

    /// Creates the reducer.
    public init() {}

    /// Runs a `Counter` in whichever case is presented.
    public var body: some Reducer<State, Action> {
      // One reducer per presentation, each scoped to its case.
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

  /// The screen's state.
  public struct State: Equatable {
    /// What is presented, if anything.
    @PresentationState public var destination: Destination.State?  // the presentation state

    /// Creates the screen's state, presenting `destination`.
    public init(destination: Destination.State? = nil) {
      self.destination = destination
    }
  }

  /// The screen's actions.
  public enum Action {
    case destination(PresentationAction<Destination.Action>)  // the presentation's actions
    case showDrillDown
    case showPopover
    case showSheet
  }

  /// Creates the reducer.
  public init() {}

  /// Presents a new `Counter` for each button and runs the presented one.
  public var body: some Reducer<State, Action> {
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
      // ✅ Integrates the destination's reducer (presentation).
      Destination()
    }
  }
}

// MARK: - Conformances for scripts, the wire and the registry

extension MultipleDestinations: Sendable {}
extension MultipleDestinations.Destination: Sendable {}
extension MultipleDestinations.Destination.State: Codable, Sendable {}
extension MultipleDestinations.Destination.Action: Codable, Equatable, Sendable {}
extension MultipleDestinations.State: Codable, Sendable {}
extension MultipleDestinations.Action: Codable, Equatable, Sendable {}
