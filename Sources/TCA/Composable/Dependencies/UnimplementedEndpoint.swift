// What a `@DependencyClient`'s endpoints do until a test or the live value sets them: report an
// issue that names the client and the endpoint, and throw when they can.

/// Reports that `endpoint` (`APIClient.fetchUser`) was called without being set: a failure of
/// the running test, a runtime warning elsewhere.
///
/// `@DependencyClient` makes every endpoint call this until it is given a value.
public func _unimplementedEndpoint(_ endpoint: String) {
  RuntimeWarning.report(
    "Unimplemented: '\(endpoint)' was called; set it on the dependency for this test (or in "
      + "the client's live value)")
}

/// What an unimplemented throwing endpoint of a `@DependencyClient` throws.
public struct UnimplementedEndpointError: Error, CustomStringConvertible, Sendable {
  /// The endpoint: `APIClient.fetchUser`.
  public let endpoint: String

  /// An error for `endpoint`.
  public init(endpoint: String) { self.endpoint = endpoint }

  /// A sentence naming the endpoint.
  public var description: String { "Unimplemented: '\(endpoint)'" }
}
