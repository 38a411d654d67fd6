// The features a navd session can be launched with, by name.

import Composable

// MARK: - Launchable features

/// A feature a session can be launched with.
///
/// It is a reducer that starts from a known state and whose state and actions cross into Lua and
/// onto the wire through `Codable`. It is `Sendable`, as reducers are values, so that a registry
/// entry can be shared between threads.
///
/// A host that knows only a ``RegisteredFeature`` gets the concrete types back by passing its
/// ``RegisteredFeature/feature`` to a generic function, which Swift opens:
///
/// ```swift
/// func initialStateJSON<F: LaunchableFeature>(_: F.Type) throws -> Data {
///   let store = TestStore(initialState: F.initialState) { F() }
///   return try JSONEncoder().encode(store.state)
/// }
/// let json = try initialStateJSON(FeatureRegistry.feature(named: "contacts")!.feature)
/// ```
public protocol LaunchableFeature: Reducer, Sendable
where
  State: Codable & Equatable & Sendable,
  Action: Codable & Equatable & Sendable
{
  /// Creates the feature's reducer.
  init()

  /// The state a new session of the feature starts from.
  static var initialState: State { get }
}

extension AppFeature: LaunchableFeature {
  /// The case-study list with nothing open.
  public static var initialState: State { State() }
}

extension Counter: LaunchableFeature {
  /// A count of 0.
  public static var initialState: State { State() }
}

extension MultipleDestinations: LaunchableFeature {
  /// Nothing presented.
  public static var initialState: State { State() }
}

extension NavigationDemo: LaunchableFeature {
  /// An empty stack: the root screen.
  public static var initialState: State { State() }
}

extension ContactsFeature: LaunchableFeature {
  /// No contacts, nothing presented.
  public static var initialState: State { State() }
}

extension SharedState: LaunchableFeature {
  /// The counter tab, at 0.
  public static var initialState: State { State() }
}

// MARK: - The registry

/// One feature of the registry: its name, what it shows, and how to start it.
public struct RegisteredFeature: Sendable {
  /// The name a session is launched by, as in `navd.launch("contacts")`.
  public let name: String
  /// One line that says what the feature shows.
  public let summary: String
  /// The feature's reducer type; open it in a generic function to get its concrete types.
  public let feature: any LaunchableFeature.Type

  /// Creates an entry for `feature`.
  public init(name: String, summary: String, feature: any LaunchableFeature.Type) {
    self.name = name
    self.summary = summary
    self.feature = feature
  }

  /// Returns a new root store of the feature (a `Store<State, Action>` of its concrete types)
  /// started from its initial state, with `prepareDependencies` applied to the dependencies in
  /// force.
  public func makeStore(
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) -> AnyObject {
    func make<F: LaunchableFeature>(_: F.Type) -> AnyObject {
      Store(initialState: F.initialState) {
        F()
      } withDependencies: {
        prepareDependencies(&$0)
      }
    }
    return make(feature)
  }
}

/// The features navd knows by name: the root `"app"` and each of the seeds' case studies.
public enum FeatureRegistry {
  /// Every registered feature, the root first.
  public static let all: [RegisteredFeature] = [
    RegisteredFeature(
      name: "app",
      summary: "The root: opens each case study below as its presented destination.",
      feature: AppFeature.self
    ),
    RegisteredFeature(
      name: "counter",
      summary: "A number with increment and decrement buttons.",
      feature: Counter.self
    ),
    RegisteredFeature(
      name: "multiple-destinations",
      summary: "A counter shown as a drill-down, a popover or a sheet through one Destination.",
      feature: MultipleDestinations.self
    ),
    RegisteredFeature(
      name: "navigation",
      summary:
        "A stack of screens A, B and C: dismiss, decoupled navigation, a timer, pop to root.",
      feature: NavigationDemo.self
    ),
    RegisteredFeature(
      name: "contacts",
      summary: "Contacts with an add-contact sheet and a delete confirmation alert.",
      feature: ContactsFeature.self
    ),
    RegisteredFeature(
      name: "shared-state",
      summary: "Counter and profile tabs over shared state, with an \"is prime\" alert.",
      feature: SharedState.self
    ),
  ]

  /// The registered names, in registration order.
  public static var names: [String] { all.map(\.name) }

  /// The feature registered as `name`, or `nil` when there is none.
  public static func feature(named name: String) -> RegisteredFeature? {
    all.first { $0.name == name }
  }
}
