// Durations as the floating-point seconds that Foundation, Dispatch and reports take.

extension Duration {
  /// The duration in seconds, as a `Double`.
  package var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}

extension Duration {
  /// The duration in whole nanoseconds.
  var nanoseconds: Int64 {
    components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
  }
}

extension Duration {
  /// A duration of `seconds`, rounded to whole nanoseconds, as scripts and replay documents
  /// give durations.
  package static func rounded(seconds: Double) -> Duration {
    .nanoseconds(Int64((seconds * 1e9).rounded()))
  }
}
