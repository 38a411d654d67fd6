// How long and how often each figure is timed: a full run, --profile and --quick.

/// How long and how often each figure is timed.
struct MeasureSettings {
  /// The number of timed batches per side; the median batch is reported.
  var batches: Int
  /// How long one timed batch should take, in nanoseconds.
  var batchNanoseconds: UInt64
  /// How long each side runs untimed before its batches, in nanoseconds.
  var warmUpNanoseconds: UInt64

  /// The settings for a real run: 11 batches of ~40 ms per side.
  static let full = MeasureSettings(
    batches: 11, batchNanoseconds: 40_000_000, warmUpNanoseconds: 150_000_000)

  /// The settings for `--profile`: few, long batches, so that a profiler such as callgrind
  /// (which slows the run some 50×) sees thousands of operations after the one-time work.
  static let profile = MeasureSettings(
    batches: 3, batchNanoseconds: 2_000_000_000, warmUpNanoseconds: 500_000_000)

  /// The settings for `--quick`: a smoke test whose numbers are only indicative.
  static let quick = MeasureSettings(
    batches: 3, batchNanoseconds: 2_000_000, warmUpNanoseconds: 5_000_000)
}
