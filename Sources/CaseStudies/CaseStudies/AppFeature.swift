// The root feature that gathers the case studies, so one store (one navd session) reaches them all.

import Composable

/// The root of the case studies: a list with one button per case study, each presenting that
/// case study through one optional `Destination`, as the seeds' `MultipleDestinations` and
/// `ContactsFeature` present theirs.
///
/// It is modelled the way a TCA app would model a root menu: `@PresentationState var destination`
/// holds at most one open case study, `.counterButtonTapped` (and its siblings) open one, and
/// `.destination(.dismiss)` closes it. Because the case study is a presented child, closing it or
/// opening another one cancels every effect it started (Screen C's timer, a pending fact), exactly
/// as when a sheet goes away. A case study's actions travel as
/// `.destination(.presented(.contacts(.addButtonTapped)))`, which a script writes
/// `"destination.presented.contacts.addButtonTapped"`.
struct AppFeature: Reducer {
  /// The root's state: the open case study, if any.
  struct State: Equatable {
    /// The case study that is open, if any.
    @PresentationState public var destination: Destination.State?

    /// Creates the root's state with `destination` open.
    init(destination: Destination.State? = nil) {
      self.destination = destination
    }
  }

  /// The root's actions: one button per case study, and the open case study's actions.
  enum Action {
    case contactsButtonTapped
    case counterButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case multipleDestinationsButtonTapped
    case navigationButtonTapped
    case sharedStateButtonTapped
  }

  /// Creates the reducer.
  init() {}

  /// Opens the case study asked for, replacing the open one, and runs it.
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .contactsButtonTapped:
        state.destination = .contacts(ContactsFeature.State())
        return .none
      case .counterButtonTapped:
        state.destination = .counter(Counter.State())
        return .none
      case .destination:
        return .none
      case .multipleDestinationsButtonTapped:
        state.destination = .multipleDestinations(MultipleDestinations.State())
        return .none
      case .navigationButtonTapped:
        state.destination = .navigation(NavigationDemo.State())
        return .none
      case .sharedStateButtonTapped:
        state.destination = .sharedState(SharedState.State())
        return .none
      }
    }
    .ifLet(\.$destination, action: /Action.destination) {
      Destination()
    }
  }

  /// The case studies the root can open.
  struct Destination: Reducer {
    /// The open case study's state.
    enum State: Equatable {
      case contacts(ContactsFeature.State)
      case counter(Counter.State)
      case multipleDestinations(MultipleDestinations.State)
      case navigation(NavigationDemo.State)
      case sharedState(SharedState.State)
    }

    /// The open case study's actions.
    enum Action {
      case contacts(ContactsFeature.Action)
      case counter(Counter.Action)
      case multipleDestinations(MultipleDestinations.Action)
      case navigation(NavigationDemo.Action)
      case sharedState(SharedState.Action)
    }

    /// Creates the reducer.
    init() {}

    /// Runs the open case study in its case.
    var body: some ReducerOf<Self> {
      Scope(state: /State.contacts, action: /Action.contacts) {
        ContactsFeature()
      }
      Scope(state: /State.counter, action: /Action.counter) {
        Counter()
      }
      Scope(state: /State.multipleDestinations, action: /Action.multipleDestinations) {
        MultipleDestinations()
      }
      Scope(state: /State.navigation, action: /Action.navigation) {
        NavigationDemo()
      }
      Scope(state: /State.sharedState, action: /Action.sharedState) {
        SharedState()
      }
    }
  }
}
