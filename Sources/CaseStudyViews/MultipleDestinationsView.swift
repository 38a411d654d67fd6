// The seeds' `MultipleDestinationsView`, headless: one destination enum drives a drill-down, a
// popover and a sheet.

@testable import CaseStudies
import Composable
import HeadlessUI

/// Three buttons, each presenting a counter a different way.
public struct MultipleDestinationsView: View {
  let store: StoreOf<MultipleDestinations>

  /// The view of `store`.
  public init(store: StoreOf<MultipleDestinations>) { self.store = store }

  /// The buttons and the three presentations.
  public var body: some View {
    WithViewStore(store, observe: { $0 }) { viewStore in
      Form {
        Section {
          AboutView(readMe: readMe)
        }
        Button("Show drill-down") {
          viewStore.send(.showDrillDown)
        }
        Button("Show popover") {
          viewStore.send(.showPopover)
        }
        Button("Show sheet") {
          viewStore.send(.showSheet)
        }
      }
      .navigationDestination(
        store: store.scope(state: \.$destination, action: { .destination($0) }),
        state: /MultipleDestinations.Destination.State.drillDown,
        action: MultipleDestinations.Destination.Action.drillDown
      ) {
        CounterView(store: $0)
      }
      .popover(
        store: store.scope(state: \.$destination, action: { .destination($0) }),
        state: /MultipleDestinations.Destination.State.popover,
        action: MultipleDestinations.Destination.Action.popover
      ) {
        CounterView(store: $0)
      }
      .sheet(
        store: store.scope(state: \.$destination, action: { .destination($0) }),
        state: /MultipleDestinations.Destination.State.sheet,
        action: MultipleDestinations.Destination.Action.sheet
      ) {
        CounterView(store: $0)
      }
    }
  }
}

private let readMe = """
  This screen demonstrates driving three kinds of navigation (drill down, sheet, popover) from \
  a single piece of enum state.
  """

/// The explanation at the top of a case study (the seeds' `AboutView`).
struct AboutView: View {
  let readMe: String

  var body: some View {
    Text(template: readMe)
  }
}
