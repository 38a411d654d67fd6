// Which headless view shows which case study, for the registry's features.

@testable import CaseStudies
import Composable
import HeadlessUI

/// The headless view of each case study of `FeatureRegistry`.
public enum CaseStudyView {
  /// The view of feature `F`, or `nil` when it has none.
  public static func view<F: Reducer>(
    for _: F.Type
  ) -> (@Sendable (HeadlessStore<F.State, F.Action>) -> ViewContent)? {
    switch F.self {
    case is AppFeature.Type:
      return { AppView(store: cast($0)).body }
    case is Counter.Type:
      return { CounterView(store: cast($0)).navigationTitle("Counter") }
    case is MultipleDestinations.Type:
      return {
        MultipleDestinationsView(store: cast($0)).navigationTitle("Multiple destinations")
      }
    case is NavigationDemo.Type:
      return { NavigationDemoView(store: cast($0)).body }
    case is ContactsFeature.Type:
      return { ContactsView(store: cast($0)).body }
    case is SharedState.Type:
      return { SharedStateView(store: cast($0)).body }
    default:
      return nil
    }
  }

  /// `store`, whose feature is the view's at run time.
  private static func cast<State, Action, ViewState, ViewAction>(
    _ store: HeadlessStore<State, Action>
  ) -> HeadlessStore<ViewState, ViewAction> {
    guard let store = store as? HeadlessStore<ViewState, ViewAction> else {
      preconditionFailure("a view of \(ViewState.self) was given a store of \(State.self)")
    }
    return store
  }
}
