// The case studies as a NavHost registers them, a line per feature: what navd and navctl host,
// through the same NavKit API an app team's host uses.

@testable import CaseStudies
@testable import CaseStudyViews
import Composable
import NavKit
import NavHosting

/// The seeds' case studies, hosted by navd and navctl.
public enum CaseStudyFeatures {
  /// Every case study: the root `app` first, then the 1.0–1.3 ones with the local live fact
  /// client (the test value fails on purpose, and scripts need facts to run Screen A), then the
  /// macro-era ones.
  public static let all: [NavFeature] = classic + ModernCaseStudyFeatures.all

  /// The 1.0–1.3 case studies and their root.
  static let classic: [NavFeature] = [
    NavFeature(
      "app", summary: "The root: opens each case study below as its presented destination.",
      initialState: AppFeature.State(), withDependencies: liveFacts,
      view: AppView.init(store:)
    ) { AppFeature() },
    NavFeature(
      "counter", summary: "A number with increment and decrement buttons.",
      initialState: Counter.State(), withDependencies: liveFacts,
      view: { CounterView(store: $0).navigationTitle("Counter") }
    ) { Counter() },
    NavFeature(
      "multiple-destinations",
      summary: "A counter shown as a drill-down, a popover or a sheet through one Destination.",
      initialState: MultipleDestinations.State(), withDependencies: liveFacts,
      view: { MultipleDestinationsView(store: $0).navigationTitle("Multiple destinations") }
    ) { MultipleDestinations() },
    NavFeature(
      "navigation",
      summary:
        "A stack of screens A, B and C: dismiss, decoupled navigation, a timer, pop to root.",
      initialState: NavigationDemo.State(), withDependencies: liveFacts,
      view: NavigationDemoView.init(store:)
    ) { NavigationDemo() },
    NavFeature(
      "contacts", summary: "Contacts with an add-contact sheet and a delete confirmation alert.",
      initialState: ContactsFeature.State(), withDependencies: liveFacts,
      view: ContactsView.init(store:)
    ) { ContactsFeature() },
    NavFeature(
      "shared-state",
      summary: "Counter and profile tabs over shared state, with an \"is prime\" alert.",
      initialState: SharedState.State(), withDependencies: liveFacts,
      view: SharedStateView.init(store:)
    ) { SharedState() },
  ]

  /// Facts from the local live client.
  @Sendable static func liveFacts(_ dependencies: inout DependencyValues) {
    dependencies.factClient = .liveValue
  }
}

extension ScriptFeature {
  /// Every case study as scripts run it, in ``CaseStudyFeatures/all``'s order.
  public static var caseStudies: [ScriptFeature] { CaseStudyFeatures.all.map(\.scriptFeature) }
}
