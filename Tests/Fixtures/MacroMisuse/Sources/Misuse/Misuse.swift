import ComposableArchitecture

// MUST NOT BUILD: "'@Reducer' can only be applied to a struct or an enum, not to class 'Feature'"
@Reducer
final class Feature {}

// MUST NOT BUILD: "'@CasePathable' cannot be applied to struct type 'Payload'"
@CasePathable
struct Payload {}

// MUST NOT BUILD: "'@ObservableState' cannot be applied to class type 'Model'"
@ObservableState
final class Model {}

// MUST NOT BUILD: "'@ViewAction' requires 'StorelessView' to have a 'store' property of type 'Store'"
@ViewAction(for: Tiny.self)
struct StorelessView {}

/// A well-formed reducer for the view above to name.
@Reducer
struct Tiny {}

// MUST NOT BUILD: "'@DependencyClient' needs a default value for the non-throwing endpoint 'count'"
@DependencyClient
struct CountingClient {
  var count: @Sendable () -> Int
}
