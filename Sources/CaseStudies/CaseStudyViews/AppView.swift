// The root of the case studies, headless: a list of the case studies, each drilled down into.

@testable import CaseStudies
import Composable
import HeadlessUI

/// The case-study list; tapping one drills down into it, going back closes it.
public struct AppView: View {
  let store: StoreOf<AppFeature>

  /// The view of `store`.
  public init(store: StoreOf<AppFeature>) { self.store = store }

  /// The list and the open case study.
  public var body: some View {
    NavigationStack {
      List {
        Button("Counter") { store.send(.counterButtonTapped) }
        Button("Multiple destinations") { store.send(.multipleDestinationsButtonTapped) }
        Button("Navigation stack") { store.send(.navigationButtonTapped) }
        Button("Contacts") { store.send(.contactsButtonTapped) }
        Button("Shared state") { store.send(.sharedStateButtonTapped) }
      }
      .navigationTitle("Case Studies")
      .navigationDestination(
        store: store.scope(state: \.$destination, action: { .destination($0) }),
        state: /AppFeature.Destination.State.counter,
        action: AppFeature.Destination.Action.counter
      ) { CounterView(store: $0).navigationTitle("Counter") }
      .navigationDestination(
        store: store.scope(state: \.$destination, action: { .destination($0) }),
        state: /AppFeature.Destination.State.multipleDestinations,
        action: AppFeature.Destination.Action.multipleDestinations
      ) { MultipleDestinationsView(store: $0).navigationTitle("Multiple destinations") }
      .navigationDestination(
        store: store.scope(state: \.$destination, action: { .destination($0) }),
        state: /AppFeature.Destination.State.navigation,
        action: AppFeature.Destination.Action.navigation
      ) { NavigationDemoView(store: $0) }
      .navigationDestination(
        store: store.scope(state: \.$destination, action: { .destination($0) }),
        state: /AppFeature.Destination.State.contacts,
        action: AppFeature.Destination.Action.contacts
      ) { ContactsView(store: $0) }
      .navigationDestination(
        store: store.scope(state: \.$destination, action: { .destination($0) }),
        state: /AppFeature.Destination.State.sharedState,
        action: AppFeature.Destination.Action.sharedState
      ) { SharedStateView(store: $0) }
    }
  }
}
