// Result's async initializer: the outcome of work that awaits, as effects hand it to actions.

extension Result where Failure == any Error {
  /// The value `body` returns, or the error it throws, once it finishes awaiting.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.response(Result { try await apiClient.fetch() }))
  /// }
  /// ```
  public init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
