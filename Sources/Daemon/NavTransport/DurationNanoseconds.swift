// Durations as the whole nanoseconds that timerfd and Dispatch deadlines take.

extension Duration {
  /// The duration in whole nanoseconds.
  package var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
