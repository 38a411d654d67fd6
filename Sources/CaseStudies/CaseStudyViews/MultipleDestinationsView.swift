// Seed 000's MultipleDestinationsView, verbatim but for the import: one destination enum drives
// a drill-down, a popover and a sheet. The seed uses its `readMe` without showing it; the text
// below is navd's.

@testable import CaseStudies
import Composable
import HeadlessUI

struct MultipleDestinationsView: View {
  let store: StoreOf<MultipleDestinations>

  var body: some View {
    WithViewStore(self.store, observe: { $0 }) { viewStore in
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
