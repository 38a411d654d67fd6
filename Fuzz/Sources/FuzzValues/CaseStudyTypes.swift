// The case studies' types by feature name: what the harnesses decode value trees into. The seeds
// declare them internal and without Codable, so they are reached @testable and go through the
// value model's reflection, as navd's sessions take them.

@testable import CaseStudies
import Composable
import NavScript
import NavValue

/// One case study: its name and the checks of its State and Action.
public struct CaseStudyEntry: Sendable {
  /// The feature's name, as navd registers it.
  public let name: String
  /// Checks `value` as the feature's State; returns whether it was built.
  public let checkState: @Sendable (DataValue, Bool) -> Bool
  /// Checks `value` as the feature's Action; returns whether it was built.
  public let checkAction: @Sendable (DataValue, Bool) -> Bool
  /// The feature's initial state in the value model.
  public let initialState: @Sendable () -> DataValue
}

/// The case studies navd serves, by name.
public enum CaseStudyTypes {
  /// Every case study, in navd's order.
  public static let all: [CaseStudyEntry] = [
    entry("app", AppFeature.self) { AppFeature.State() },
    entry("counter", Counter.self) { Counter.State() },
    entry("multiple-destinations", MultipleDestinations.self) { MultipleDestinations.State() },
    entry("navigation", NavigationDemo.self) { NavigationDemo.State() },
    entry("contacts", ContactsFeature.self) { ContactsFeature.State() },
    entry("shared-state", SharedState.self) { SharedState.State() },
  ]

  /// The case study named `name`, or `nil`.
  public static func named(_ name: String) -> CaseStudyEntry? { all.first { $0.name == name } }

  private static func entry<R: Reducer>(
    _ name: String, _: R.Type, initial: @escaping @Sendable () -> R.State
  ) -> CaseStudyEntry {
    CaseStudyEntry(
      name: name,
      checkState: { RoundTrip.check(R.State.self, $0, stackElementIDs: $1) != nil },
      checkAction: { RoundTrip.check(R.Action.self, $0, stackElementIDs: $1) != nil },
      initialState: { (try? ValueModel.encodeAny(initial())) ?? .null })
  }
}
