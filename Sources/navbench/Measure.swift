#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The timing harness: every figure is a measured operation beside its floor, timed in interleaved
// batches so that noise from the shared cores lands on both.

// MARK: - Settings

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

// MARK: - Operations

/// A piece of work the harness can repeat: `run(n)` does it `n` times and returns a checksum.
///
/// The checksum must depend on every repetition's result, so the optimizer cannot drop the work;
/// the harness folds it into ``benchmarkSink``.
struct BenchOperation {
  /// What the operation does, for the table.
  var label: String
  /// Runs the operation `n` times and returns a checksum of the results.
  var run: (_ n: Int) -> Int
}

/// Where every checksum ends up; printed at the end of the run so no result is dead.
nonisolated(unsafe) var benchmarkSink = 0

/// A value the optimizer cannot know: `0` unless the process was given more arguments than flags.
///
/// Benchmarks mix it into their inputs so that no input is a compile-time constant.
nonisolated(unsafe) var opaqueZero = CommandLine.arguments.count > 8 ? 1 : 0

// MARK: - Results

/// One row of the table: a measured operation, its floor, and the ratio of their medians.
struct Figure {
  /// What was measured, such as `Store.send, 3 nested key-path Scopes`.
  var name: String
  /// What the floor was, such as `switch`.
  var floorName: String
  /// The median nanoseconds per operation of the measured side.
  var measured: Double
  /// The median nanoseconds per operation of the floor.
  var floor: Double
  /// The largest acceptable ratio, or `nil` when the row is for information only.
  var goal: Double?
  /// The smallest and largest ratio of one measured batch to the floor batch timed beside it.
  var pairedRange: ClosedRange<Double>

  /// `measured / floor`.
  var ratio: Double { floor > 0 ? measured / floor : .infinity }

  /// Whether the ratio is within the goal; `nil` when there is no goal.
  var isWithinGoal: Bool? { goal.map { ratio <= $0 } }
}

// MARK: - Timing

/// Returns the monotonic clock, in nanoseconds.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// Runs `operation` `n` times and returns the elapsed nanoseconds.
@inline(never)
func timeBatch(_ operation: BenchOperation, iterations n: Int) -> UInt64 {
  let start = monotonicNanoseconds()
  let checksum = operation.run(n)
  let end = monotonicNanoseconds()
  benchmarkSink &+= checksum
  return end &- start
}

/// Returns how many repetitions of `operation` fill `nanoseconds`, running it untimed meanwhile.
func calibrate(_ operation: BenchOperation, toFill nanoseconds: UInt64) -> Int {
  var n = 1
  while true {
    let elapsed = timeBatch(operation, iterations: n)
    if elapsed >= nanoseconds / 4 || n >= 1 << 40 {
      let perOperation = max(Double(elapsed) / Double(n), 0.01)
      return max(1, Int(Double(nanoseconds) / perOperation))
    }
    n = elapsed < 1000 ? n * 16 : n * 2
  }
}

/// Runs `operation` untimed for about `nanoseconds`.
func warmUp(_ operation: BenchOperation, for nanoseconds: UInt64, iterations n: Int) {
  let start = monotonicNanoseconds()
  while monotonicNanoseconds() &- start < nanoseconds {
    _ = timeBatch(operation, iterations: n)
  }
}

/// Returns the median of `values`, which must not be empty.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Times `measured` and `floor` in interleaved batches and returns the figure for their medians.
///
/// Each side is warmed up and given its own batch size (so both batches last about as long), then
/// the sides alternate which goes first in each round, so a burst of noise from another process
/// falls on both.
func compare(
  _ name: String,
  measured: BenchOperation,
  floor: BenchOperation,
  goal: Double?,
  settings: MeasureSettings
) -> Figure {
  let measuredIterations = calibrate(measured, toFill: settings.batchNanoseconds)
  let floorIterations = calibrate(floor, toFill: settings.batchNanoseconds)
  warmUp(measured, for: settings.warmUpNanoseconds / 2, iterations: measuredIterations / 4 + 1)
  warmUp(floor, for: settings.warmUpNanoseconds / 2, iterations: floorIterations / 4 + 1)

  var measuredTimes: [Double] = []
  var floorTimes: [Double] = []
  for round in 0..<settings.batches {
    func timeMeasured() {
      let elapsed = timeBatch(measured, iterations: measuredIterations)
      measuredTimes.append(Double(elapsed) / Double(measuredIterations))
    }
    func timeFloor() {
      let elapsed = timeBatch(floor, iterations: floorIterations)
      floorTimes.append(Double(elapsed) / Double(floorIterations))
    }
    if round % 2 == 0 {
      timeMeasured()
      timeFloor()
    } else {
      timeFloor()
      timeMeasured()
    }
  }

  let pairedRatios = zip(measuredTimes, floorTimes).map { $0 / max($1, 1e-9) }
  return Figure(
    name: name,
    floorName: floor.label,
    measured: median(measuredTimes),
    floor: median(floorTimes),
    goal: goal,
    pairedRange: pairedRatios.min()!...pairedRatios.max()!
  )
}
