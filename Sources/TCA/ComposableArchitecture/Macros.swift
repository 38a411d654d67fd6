// The macro-era API's macros, as TCA 1.8+ and swift-case-paths declare them, implemented by the
// `ComposableMacros` plugin (built against the toolchain's swift-syntax). They live here, not in
// Composable, so that Composable builds without a compiler plugin; what they expand to names
// Composable's types.

import Composable

/// Makes a struct a reducer, or an enum of features a reducer of their states and actions.
///
/// On a struct: the `Reducer` conformance, `@CasePathable` on `Action`,
/// `@ReducerBuilder<State, Action>` on `body`, and empty `State`, `Action` or `body` where they
/// are missing. On an enum: `State`, `Action`, `body`, `CaseScope` and `scope(_:)` from its
/// cases (see docs/composable.md).
@attached(
  member, names: named(State), named(Action), named(body), named(CaseScope), named(scope))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() = #externalMacro(module: "ComposableMacros", type: "ReducerMacro")

/// `@Reducer` on an enum of features, whose generated `State` and `Action` also conform to what
/// `state` and `action` name: `@Reducer(state: .equatable) enum Destination { … }`.
@attached(
  member, names: named(State), named(Action), named(body), named(CaseScope), named(scope))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer(state: _SynthesizedConformance..., action: _SynthesizedConformance...) =
  #externalMacro(module: "ComposableMacros", type: "ReducerMacro")

/// Marks a case of an enum reducer as state without a reducer (an alert); added by `@Reducer`.
@attached(peer, names: arbitrary)
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "ComposableMacros", type: "ReducerCaseMarkerMacro")

/// Marks a case of an enum reducer that is no feature; added by `@Reducer`, or by hand.
@attached(peer, names: arbitrary)
public macro ReducerCaseIgnored() =
  #externalMacro(module: "ComposableMacros", type: "ReducerCaseMarkerMacro")

/// Makes a feature's state observable, property by property, with the toolchain's Observation.
@attached(extension, conformances: ObservableState, _TrackedStorage)
@attached(
  member,
  names: named(_$id), named(_$observationRegistrar), named(_$willModify), named(_$storage),
  named(_$willSet), named(_$didSet))
@attached(memberAttribute)
public macro ObservableState() =
  #externalMacro(module: "ComposableMacros", type: "ObservableStateMacro")

/// A stored property of observable state whose reads and changes observation tracks; added by
/// `@ObservableState`.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() =
  #externalMacro(module: "ComposableMacros", type: "ObservationStateTrackedMacro")

/// A stored property of observable state that observation leaves alone.
@attached(accessor, names: named(willSet))
public macro ObservationStateIgnored() =
  #externalMacro(module: "ComposableMacros", type: "ObservationStateIgnoredMacro")

/// A presented child's optional state, stored as a ``PresentationState`` projected as
/// `$name`: `@Presents var destination: Destination.State?`, then
/// `.ifLet(\.$destination, action: \.destination)`.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() = #externalMacro(module: "ComposableMacros", type: "PresentsMacro")

/// Makes a view send its feature's view actions directly, `send(.saveButtonTapped)`, for a
/// feature whose `Action` has `case view(View)` and conforms to ``ViewAction``.
@attached(extension, conformances: ViewActionSending)
public macro ViewAction<R: Reducer>(for: R.Type) =
  #externalMacro(module: "ComposableMacros", type: "ViewActionMacro")
