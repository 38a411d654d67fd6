// `withDependencies(from:)`: an operation that makes a child model with its parent's
// dependencies, as swift-dependencies writes it.

/// Runs `operation` with the dependencies of `model`, changed by `update`: how a parent model
/// makes a child model that shares its dependencies.
///
/// swift-dependencies' `@Dependency` keeps the values in force when its model was made, so it
/// copies those from `model`; navd's reads the values in force when it is accessed, so `model`'s
/// are the ones in force here, and this runs `operation` with them and `update` applied
/// (docs/composable.md).
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ update: (inout DependencyValues) throws -> Void = { _ in },
  operation: () throws -> R
) rethrows -> R {
  try withDependencies(update, operation: operation)
}

/// Runs async `operation` with the dependencies of `model`, changed by `update`.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ update: (inout DependencyValues) async throws -> Void = { _ in },
  operation: () async throws -> R,
  isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
  try await withDependencies(update, operation: operation, isolation: isolation)
}
