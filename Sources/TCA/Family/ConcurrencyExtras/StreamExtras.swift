// The streams tests and dependencies return when nothing is to come: one that never yields, and
// one that ends at once.

extension AsyncStream {
  /// A stream that never yields and never ends (until its consumer is cancelled).
  public static var never: Self { Self { _ in } }

  /// A stream that ends at once, having yielded nothing.
  public static var finished: Self { Self { $0.finish() } }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream that never yields and never ends (until its consumer is cancelled).
  public static var never: Self { Self { _ in } }

  /// A stream that ends at once, with `error` if one is given.
  public static func finished(throwing error: (any Error)? = nil) -> Self {
    Self { $0.finish(throwing: error) }
  }

  /// A stream that ends at once, having yielded nothing.
  public static var finished: Self { finished(throwing: nil) }
}
